// Rate limits count per client address, which X-Forwarded-For names only through ELUENT_TRUST_PROXY hops,
// and with REDIS_URL two server processes draw from one bucket instead of each allowing the full rate.
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { request, startTestServer, type TestServer } from '../../../test/harness.ts';
import { REDIS_URL, redisReachable } from '../../../test/redis.ts';

const signIn = (server: TestServer, forwardedFor?: string) =>
  request(server.baseUrl, 'POST', '/api/token/', {
    body: { username: 'nobody@example.com', password: 'wrong password' },
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });

describe('rate limits by client address', () => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const server of servers) await server.dispose();
  });

  it('ignores X-Forwarded-For without a trusted proxy: a client cannot pick a fresh bucket', async () => {
    const server = await startTestServer({ backend: { name: 'pglite' }, env: { ELUENT_RATE_LIMIT: '2' } });
    servers.push(server);
    expect((await signIn(server, '198.51.100.1')).status).toBe(401);
    expect((await signIn(server, '198.51.100.2')).status).toBe(401);
    const third = await signIn(server, '198.51.100.3');
    expect(third.status).toBe(429);
    expect(third.body.code).toBe('throttled');
  });

  it('counts each client behind a trusted proxy on its own', async () => {
    const server = await startTestServer({
      backend: { name: 'pglite' },
      env: { ELUENT_RATE_LIMIT: '2', ELUENT_TRUST_PROXY: '1' },
    });
    servers.push(server);
    // A client-written entry before the proxy's own is ignored: both count as 198.51.100.1.
    expect((await signIn(server, '198.51.100.1')).status).toBe(401);
    expect((await signIn(server, '10.9.9.9, 198.51.100.1')).status).toBe(401);
    expect((await signIn(server, '198.51.100.1')).status).toBe(429);
    expect((await signIn(server, '198.51.100.2')).status).toBe(401);
  });
});

describe.runIf(await redisReachable())('rate limits shared through Redis', () => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const server of servers) await server.dispose();
  });

  it('lets two processes together allow the limit once, not twice', async () => {
    const env = {
      ELUENT_RATE_LIMIT: '3',
      REDIS_URL,
      ELUENT_REDIS_PREFIX: `eluent-limits-${randomBytes(4).toString('hex')}`,
    };
    const first = await startTestServer({ backend: { name: 'pglite' }, env });
    servers.push(first);
    const second = await startTestServer({ backend: { name: 'pglite' }, env });
    servers.push(second);
    expect((await signIn(first)).status).toBe(401);
    expect((await signIn(second)).status).toBe(401);
    expect((await signIn(first)).status).toBe(401);
    expect((await signIn(second)).status).toBe(429);
    expect((await signIn(first)).status).toBe(429);
  });
});
