// PostgreSQL ends every connection of a running server (as a failover or an administrator does): the
// server's pool and its claim connection see 'error' events on idle and held clients. The process handles
// them (vitest fails the run on an unhandled error), health goes back to ok, requests and background jobs
// work on fresh connections, and the claims the process held are taken back.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresReachable, request, signUp, startTestServer, type TestServer } from '../../test/harness.ts';
import { eventually } from '../../test/eventually.ts';
import { sampleChromatogram, upload } from '../../test/results-fixtures.ts';

const postgres = await postgresReachable();

async function terminateConnections(databaseUrl: string): Promise<number> {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ ended: boolean }>(
      'select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = $1',
      [name],
    );
    return rows.filter((row) => row.ended).length;
  } finally {
    await admin.end();
  }
}

async function advisoryLockHeld(databaseUrl: string, space: number, id: number): Promise<boolean> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query(
      `select 1 from pg_locks where locktype = 'advisory' and granted and classid = $1 and objid = $2`,
      [space, id],
    );
    return rows.length > 0;
  } finally {
    await admin.end();
  }
}

describe.skipIf(!postgres)('connections PostgreSQL ends under a running server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ backend: { name: 'postgres' } });
  });
  afterAll(async () => server?.dispose());

  it('keeps serving on fresh connections and takes its claims back', async () => {
    const owner = await signUp(server.baseUrl);
    const file = sampleChromatogram();
    const imported = await upload(server.baseUrl, owner.access, file.name, file.bytes);
    expect(imported.status).toBe(201);
    const { claims } = server.context.database;
    expect(await claims.acquire('sequence', 424242)).toBe(true);
    expect(await advisoryLockHeld(server.databaseUrl!, 0x454c0001, 424242)).toBe(true);

    expect(await terminateConnections(server.databaseUrl!)).toBeGreaterThan(1);

    await eventually(
      async () => (await request(server.baseUrl, 'GET', '/api/health/')).body?.database === 'up',
      { what: 'health ok again', deadline: 40_000 },
    );
    await eventually(() => advisoryLockHeld(server.databaseUrl!, 0x454c0001, 424242), {
      what: 'claim taken back on a new connection',
      deadline: 40_000,
    });
    expect(claims.holds('sequence', 424242)).toBe(true);
    const list = await request(server.baseUrl, 'GET', '/api/sequences/', { token: owner.access });
    expect(list.status).toBe(200);
    const job = await request(server.baseUrl, 'POST', '/api/processing-jobs/', {
      token: owner.access,
      body: { measurement_id: imported.body.measurement_id },
    });
    expect(job.status).toBe(202);
    await eventually(
      async () => {
        const current = await request(server.baseUrl, 'GET', `/api/processing-jobs/${job.body.id}/`, {
          token: owner.access,
        });
        return current.body.state === 'finished';
      },
      { what: 'the job runs on fresh connections', deadline: 40_000 },
    );
    await claims.release('sequence', 424242);
    expect(await advisoryLockHeld(server.databaseUrl!, 0x454c0001, 424242)).toBe(false);
  });
});
