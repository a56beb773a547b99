// Imports as jobs: `Prefer: respond-async` answers 202 with the job at once, its progress arrives on the
// owner's `users:{id}` channel (the official centrifuge client), a cancel leaves nothing stored, and the
// job of a process that died is marked failed by the reconciler.
import { channels, domainErrors, type ImportJobEvent } from '@eluent/contracts';
import { writeAia } from '@eluent/signal';
import type { Centrifuge } from 'centrifuge';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventually, scaled } from '../../../test/eventually.ts';
import { backends, signUp, startTestServer, type TestServer } from '../../../test/harness.ts';
import { workspaceOf } from '../../../test/workspaces.ts';
import { newClient, subscribeWithEndpoint } from '../../transports/realtime/test-clients.ts';

/** Points of the file: about 15 binary COPYs of signal rows (1 MB each), so progress shows several times. */
const POINTS = 1_000_000;

/** The upload limit of the test server: above the file's 16 MB. */
const MAX_BYTES = 20 * 1024 * 1024;

/** A seeded trace: 0.01 s sampling, a peak every 20 s on a little noise. */
function seededAia(points: number): Uint8Array {
  let state = 11;
  const random = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31 - 0.5;
  const timeSec = new Float64Array(points);
  const values = new Float64Array(points);
  for (let i = 0; i < points; i++) {
    const offset = ((i * 0.01) % 20) - 10;
    timeSec[i] = i * 0.01;
    values[i] = 50 * Math.exp(-(offset * offset) / 2) + 0.05 * random();
  }
  return writeAia({ timeSec, values, signalUnit: 'mAU', metadata: {} }, { date: new Date(0) });
}

async function upload(base: string, token: string, name: string, bytes: Uint8Array, prefer?: string) {
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  const response = await fetch(`${base}/api/measurements/import/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, ...(prefer ? { prefer } : {}) },
    body: form,
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as any };
}

async function call(base: string, token: string, method: string, path: string) {
  const response = await fetch(`${base}${path}`, { method, headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, body: (await response.json()) as any };
}

const clients: Centrifuge[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.disconnect();
});

describe.each(await backends('both'))('imports as jobs on $name', (backend) => {
  let server: TestServer;
  let user: Awaited<ReturnType<typeof signUp>>;
  const file = seededAia(POINTS);

  beforeAll(async () => {
    server = await startTestServer({
      backend,
      env: { ELUENT_RECONCILE_INTERVAL_SEC: '0.5', ELUENT_IMPORT_MAX_BYTES: String(MAX_BYTES) },
    });
    user = await signUp(server.baseUrl);
  });
  afterAll(async () => server?.dispose());

  /** The owner's import events, as the web app hears them. */
  async function listen(): Promise<ImportJobEvent[]> {
    const client = newClient(server.baseUrl, { token: user.access });
    clients.push(client);
    client.connect();
    await client.ready(scaled(10_000));
    const subscription = subscribeWithEndpoint(
      client,
      server.baseUrl,
      channels.user(user.id),
      () => user.access,
    );
    const events: ImportJobEvent[] = [];
    subscription.on('publication', (context) => {
      if ((context.data as { type?: string }).type === 'import_job')
        events.push(context.data as ImportJobEvent);
    });
    subscription.subscribe();
    await subscription.ready(scaled(10_000));
    return events;
  }

  async function measurementCount(): Promise<number> {
    const row = await server.context.database.db
      .selectFrom('measurements')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('owner_id', '=', user.id)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  it('answers 202 with the job at once and publishes its phases and points until done', async () => {
    const events = await listen();
    const answer = await upload(server.baseUrl, user.access, 'large.cdf', file, 'respond-async');
    expect(answer.status).toBe(202);
    expect(answer.headers.get('preference-applied')).toBe('respond-async');
    expect(answer.body).toMatchObject({ status: 'queued', file_name: 'large.cdf', bytes_total: file.length });
    const jobId = answer.body.job_id as number;
    expect(answer.headers.get('location')).toBe(`/api/measurements/import/jobs/${jobId}/`);

    const done = await eventually(
      () => events.find((event) => event.job_id === jobId && event.status === 'done'),
      {
        what: 'the done event',
        deadline: 120_000,
      },
    );
    const ofJob = events.filter((event) => event.job_id === jobId);
    const phases = [...new Set(ofJob.map((event) => event.status))];
    expect(phases).toEqual(['reading', 'processing', 'storing', 'done']);
    const stored = ofJob.filter((event) => event.status === 'storing').map((event) => event.points_stored);
    expect(stored.length).toBeGreaterThan(5);
    expect(stored).toEqual([...stored].sort((a, b) => a - b));
    expect(ofJob.find((event) => event.status === 'processing')).toMatchObject({
      bytes_read: file.length,
      points_total: POINTS,
    });
    expect(done).toMatchObject({ points_stored: POINTS, points_total: POINTS, error: null });

    const job = await call(server.baseUrl, user.access, 'GET', `/api/measurements/import/jobs/${jobId}/`);
    expect(job.status).toBe(200);
    expect(job.body).toMatchObject({ status: 'done', measurement_id: done.measurement_id });
    expect(job.body.result).toMatchObject({ measurement_id: done.measurement_id, points_count: POINTS });
    // Only its owner reads or cancels it.
    const other = await signUp(server.baseUrl);
    const foreign = await call(
      server.baseUrl,
      other.access,
      'GET',
      `/api/measurements/import/jobs/${jobId}/`,
    );
    expect(foreign).toEqual({
      status: 404,
      body: { code: 'import_job_not_found', detail: domainErrors.import_job_not_found },
    });
    expect(
      (await call(server.baseUrl, other.access, 'DELETE', `/api/measurements/import/jobs/${jobId}/`)).status,
    ).toBe(404);
    expect(
      (await call(server.baseUrl, user.access, 'DELETE', `/api/measurements/import/jobs/${jobId}/`)).status,
    ).toBe(409);
  });

  it('keeps the synchronous answer for a client that does not ask for a job', async () => {
    const answer = await upload(server.baseUrl, user.access, 'small.cdf', seededAia(20_000));
    expect(answer.status).toBe(201);
    expect(answer.body.points_count).toBe(20_000);
  });

  it('stops a cancelled import at the next statement and leaves nothing stored', async () => {
    const before = await measurementCount();
    const events = await listen();
    const answer = await upload(server.baseUrl, user.access, 'cancelled.cdf', file, 'respond-async');
    expect(answer.status).toBe(202);
    const jobId = answer.body.job_id as number;
    await eventually(() => events.some((event) => event.job_id === jobId && event.status === 'storing'), {
      what: 'the storing phase',
      deadline: 60_000,
    });
    const cancelled = await call(
      server.baseUrl,
      user.access,
      'DELETE',
      `/api/measurements/import/jobs/${jobId}/`,
    );
    expect(cancelled.status).toBe(200);
    const ended = await eventually(
      async () => {
        const job = await call(server.baseUrl, user.access, 'GET', `/api/measurements/import/jobs/${jobId}/`);
        return job.body.status === 'cancelled' && job.body;
      },
      { what: 'the cancelled job', deadline: 60_000 },
    );
    expect(ended).toMatchObject({
      error_code: 'import_job_cancelled',
      measurement_id: null,
      points_stored: 0,
    });
    expect(await measurementCount()).toBe(before);
    const chunks = await server.context.database.db
      .selectFrom('measurement_chunks')
      .innerJoin('measurements', 'measurements.id', 'measurement_chunks.measurement_id')
      .select('measurement_chunks.measurement_id')
      .where('measurements.name', '=', 'cancelled.cdf')
      .execute();
    expect(chunks).toEqual([]);
  });

  it('refuses an upload over the size limit with 413, its job (opened as the CSV arrived) failed, and a bad template with 400', async () => {
    const refused = await upload(
      server.baseUrl,
      user.access,
      'huge.csv',
      new Uint8Array(MAX_BYTES + 1),
      'respond-async; wait=1',
    );
    expect(refused.status).toBe(413);
    expect(refused.body).toMatchObject({ code: 'measurement_file_too_large', max_bytes: MAX_BYTES });
    // A lone CSV is read as it arrives, its job opened with its first bytes: the refusal ends it.
    const opened = await eventually(
      async () => {
        const rows = await server.context.database.db
          .selectFrom('import_jobs')
          .select(['status', 'error_code'])
          .where('owner_id', '=', user.id)
          .where('file_name', '=', 'huge.csv')
          .execute();
        return rows[0]?.status !== 'reading' && rows;
      },
      { what: 'the huge file’s job ended', deadline: 10_000 },
    );
    expect(opened).toEqual([{ status: 'failed', error_code: 'measurement_file_too_large' }]);
    const badTemplate = new FormData();
    badTemplate.append('template_uuid', '00000000-0000-4000-8000-000000000000');
    badTemplate.append('file', new Blob([file]), 'x.cdf');
    const response = await fetch(`${server.baseUrl}/api/measurements/import/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.access}`, prefer: 'respond-async' },
      body: badTemplate,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ fields: { template_uuid: ['is not valid'] } });
  });

  it('ends the job of a file the readers refuse failed, with the refusal as its one line', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    const answer = await upload(server.baseUrl, user.access, 'picture.png', png, 'respond-async');
    expect(answer.status).toBe(202);
    const failed = await eventually(
      async () => {
        const path = `/api/measurements/import/jobs/${answer.body.job_id}/`;
        const job = await call(server.baseUrl, user.access, 'GET', path);
        return job.body.status === 'failed' && job.body;
      },
      { what: 'the refused file fails its job', deadline: 10_000 },
    );
    expect(failed).toMatchObject({ error_code: 'measurement_file_binary', measurement_id: null });
    expect(failed.error.startsWith(domainErrors.measurement_file_binary)).toBe(true);
  });

  it('marks failed the job of a process that died, through the reconciler', async () => {
    const db = server.context.database.db;
    // The row a process leaves when it is killed mid-import: unfinished, and no live process holds its claim.
    const orphan = await db
      .insertInto('import_jobs')
      .values({
        owner_id: user.id,
        workspace_id: await workspaceOf(db, user.id),
        file_name: 'orphan.cdf',
        status: 'storing',
        bytes_total: 10,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const failed = await eventually(
      async () => {
        const job = await call(
          server.baseUrl,
          user.access,
          'GET',
          `/api/measurements/import/jobs/${orphan.id}/`,
        );
        return job.body.status === 'failed' && job.body;
      },
      { what: 'the orphan job failed', deadline: 10_000 },
    );
    expect(failed).toMatchObject({
      error_code: 'import_job_process_stopped',
      error: domainErrors.import_job_process_stopped,
    });
  });
});
