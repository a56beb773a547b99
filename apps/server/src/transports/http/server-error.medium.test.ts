// An unexpected failure answers 500 with the catalogue's server error and nothing of the failure itself:
// a route that throws, and a real failure (the database gone under a request).
import { rmSync } from 'node:fs';
import { domainErrors } from '@eluent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, type Server } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { backends, newDataDir, request, signUp, startTestServer } from '../../../test/harness.ts';

const SECRET = 'connection string postgres://admin:hunter2@db.internal/eluent';
const serverError = { code: 'server_error', detail: domainErrors.server_error };

describe('unexpected failures', () => {
  let server: Server;
  let baseUrl: string;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = newDataDir();
    server = await buildServer(
      loadConfig({ PORT: '0', HOST: '127.0.0.1', ELUENT_DATA_DIR: dataDir, ELUENT_LOG_LEVEL: 'silent' }),
    );
    server.app.get('/api/test-only/explode/', async () => {
      throw new Error(SECRET);
    });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const address = server.app.server.address();
    baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await server?.app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers a throwing route with 500 server_error and no internals', async () => {
    const response = await request(baseUrl, 'GET', '/api/test-only/explode/');
    expect(response.status).toBe(500);
    expect(response.body).toEqual(serverError);
    expect(response.text).not.toContain('hunter2');
    expect(response.text).not.toContain('Error');
    expect(response.text).not.toContain('.ts');
  });
});

describe.each(await backends('both'))('database gone under a request on $name', (backend) => {
  it('answers 500 server_error and no internals', async () => {
    const server = await startTestServer({ backend });
    try {
      const user = await signUp(server.baseUrl);
      const before = await request(server.baseUrl, 'GET', '/api/sequences/', { token: user.access });
      expect(before.status).toBe(200);
      await server.context.database.close();
      const response = await request(server.baseUrl, 'GET', '/api/sequences/', { token: user.access });
      expect(response.status).toBe(500);
      expect(response.body).toEqual(serverError);
    } finally {
      // Closing hooks may complain about the closed database; the data and database are removed anyway.
      await server.stop().catch(() => undefined);
      await server.dispose();
    }
  });
});
