// A lone CSV upload read as it arrives (docs/formats.md "CSV read as it arrives"): refused at the first point
// past the limit having read only the start of the file (the job's `bytes_read` stops there, well short of
// its size), imported exactly as the same file read whole, its job's bytes published while the upload
// arrives, and a client that breaks off mid-upload leaves no measurement and no job under way.
import { request as httpRequest } from 'node:http';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { channels, domainErrors, type ImportJobEvent } from '@eluent/contracts';
import type { Centrifuge } from 'centrifuge';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventually, scaled } from '../../../test/eventually.ts';
import { backends, signUp, startTestServer, type TestServer } from '../../../test/harness.ts';
import { newClient, subscribeWithEndpoint } from '../../transports/realtime/test-clients.ts';

/** The points limit of the test server. */
const MAX_POINTS = 50_000;

/** A vendor's own CSV export of a diode-array channel (the shared reference data). */
const DAD1A = readFileSync(
  fileURLToPath(new URL('../../../../../../shared/data/vendor/expected/pink/DAD1A.csv', import.meta.url)),
);

/** A seeded trace as CSV text: 0.01 s sampling, a peak every 20 s on a little noise (`more`: further columns). */
function seededCsv(points: number, more = ''): Uint8Array {
  let state = 5;
  const random = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31 - 0.5;
  const lines = [more ? 'time (s),signal (mAU),pressure (bar),note' : 'time (s),signal (mAU)'];
  for (let i = 0; i < points; i++) {
    const offset = ((i * 0.01) % 20) - 10;
    lines.push(
      `${(i * 0.01).toFixed(2)},${(50 * Math.exp(-(offset * offset) / 2) + 0.05 * random()).toFixed(5)}${more}`,
    );
  }
  return new TextEncoder().encode(`${lines.join('\n')}\n`);
}

async function upload(base: string, token: string, name: string, bytes: Uint8Array, prefer?: string) {
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  const response = await fetch(`${base}/api/measurements/import/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, ...(prefer ? { prefer } : {}) },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as any };
}

const clients: Centrifuge[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.disconnect();
});

describe.each(await backends('both'))('a CSV read as its upload arrives on $name', (backend) => {
  let server: TestServer;
  let user: Awaited<ReturnType<typeof signUp>>;

  beforeAll(async () => {
    server = await startTestServer({
      backend,
      env: {
        ELUENT_IMPORT_MAX_POINTS: String(MAX_POINTS),
        ELUENT_IMPORT_MAX_BYTES: String(64 * 1024 * 1024),
        ELUENT_ACCESS_TOKEN_LIFETIME_SEC: '3600',
      },
    });
    user = await signUp(server.baseUrl);
  });
  afterAll(async () => server?.dispose());

  const job = async (id: number) => {
    const response = await fetch(`${server.baseUrl}/api/measurements/import/jobs/${id}/`, {
      headers: { authorization: `Bearer ${user.access}` },
    });
    return (await response.json()) as any;
  };

  async function measurementNames(): Promise<string[]> {
    const rows = await server.context.database.db
      .selectFrom('measurements')
      .select('name')
      .where('owner_id', '=', user.id)
      .execute();
    return rows.map((row) => row.name);
  }

  it('refuses a file past the points limit having read only its start, 413 or a failed job', async () => {
    // 1,000,000 rows (about 17 MB): twenty times the limit.
    const file = seededCsv(20 * MAX_POINTS);
    const reason = `The file holds more than ${MAX_POINTS} points; at most ${MAX_POINTS} can be imported.`;
    const refused = await upload(server.baseUrl, user.access, 'long.csv', file);
    expect(refused.status).toBe(413);
    expect(refused.body).toEqual({
      code: 'measurement_file_too_many_points',
      detail: domainErrors.measurement_file_too_many_points,
      reason,
    });

    const answer = await upload(server.baseUrl, user.access, 'long.csv', file, 'respond-async');
    expect(answer.status).toBe(202);
    const failed = await eventually(
      async () => {
        const current = await job(answer.body.job_id);
        return current.status === 'failed' && current;
      },
      { what: 'the job of the long file failed', deadline: 20_000 },
    );
    expect(failed).toMatchObject({
      error_code: 'measurement_file_too_many_points',
      error: `${domainErrors.measurement_file_too_many_points} ${reason}`,
      bytes_total: file.length,
      measurement_id: null,
    });
    // The reader stopped at the first point past the limit (a twentieth of the file, under a mebibyte)
    // with at most three mebibytes of the upload on their way to it; the rest arrived and was let go unread.
    expect(failed.bytes_read).toBeGreaterThan(0);
    expect(failed.bytes_read).toBeLessThan(file.length / 4);
    expect(await measurementNames()).not.toContain('long.csv');
  });

  it('imports a CSV as it arrives exactly as the same file read whole', async () => {
    // Named by its path in a folder, the same file is read whole, as every file was before.
    const whole = await upload(server.baseUrl, user.access, 'pink/DAD1A.csv', DAD1A);
    const streamed = await upload(server.baseUrl, user.access, 'DAD1A.csv', DAD1A);
    expect(whole.status).toBe(201);
    expect(streamed.status).toBe(201);
    const { measurement_id: wholeId, result_id: _w, ...wholeAnswer } = whole.body;
    const { measurement_id: streamedId, result_id: _s, ...streamedAnswer } = streamed.body;
    expect(streamedAnswer).toEqual(wholeAnswer);
    expect(wholeAnswer.points_count).toBeGreaterThan(1000);
    const data = async (id: number) => {
      const response = await fetch(`${server.baseUrl}/api/measurements/${id}/data/`, {
        headers: { authorization: `Bearer ${user.access}` },
      });
      return response.json();
    };
    expect(await data(streamedId)).toEqual(await data(wholeId));
    const db = server.context.database.db;
    const peaksOf = (id: number) =>
      db
        .selectFrom('peaks')
        .select([
          'number',
          'retention_time_sec',
          'start_sec',
          'end_sec',
          'area',
          'height',
          'width_half_sec',
          'tailing',
        ])
        .where('measurement_id', '=', id)
        .orderBy('number')
        .execute();
    const peaks = await peaksOf(wholeId);
    expect(peaks.length).toBeGreaterThan(0);
    expect(await peaksOf(streamedId)).toEqual(peaks);
    const rowOf = (id: number) =>
      db
        .selectFrom('measurements')
        .select(['name', 'metadata'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    expect(await rowOf(streamedId)).toEqual(await rowOf(wholeId));
  });

  it("publishes a job's bytes read while its CSV arrives", async () => {
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

    // Under the points limit, and over two mebibytes with a pressure and a comment column.
    const file = seededCsv(MAX_POINTS - 1, ',151.25,pump A steady and column oven at 30 C');
    expect(file.length).toBeGreaterThan(2 * 1024 * 1024);
    const answer = await upload(server.baseUrl, user.access, 'progress.csv', file, 'respond-async');
    expect(answer.status).toBe(202);
    const ended = await eventually(
      async () => {
        const current = await job(answer.body.job_id);
        return ['done', 'failed'].includes(current.status) && current;
      },
      { what: 'the job ended', deadline: 30_000 },
    );
    expect(ended).toMatchObject({ status: 'done', error: null });
    const mine = await eventually(
      () => {
        const heard = events.filter((event) => event.job_id === answer.body.job_id);
        return heard.at(-1)?.status === 'done' && heard;
      },
      { what: 'the done event heard' },
    );
    const reading = mine.filter((event) => event.status === 'reading');
    // Opened with its first bytes, then its bytes read every mebibyte while they came.
    expect(reading[0]).toMatchObject({ bytes_read: 0 });
    const during = reading
      .map((event) => event.bytes_read)
      .filter((bytes) => bytes > 0 && bytes < file.length);
    expect(during.length).toBeGreaterThanOrEqual(2);
    expect(mine.at(-1)).toMatchObject({ status: 'done', bytes_read: file.length, bytes_total: file.length });
  });

  it('leaves no measurement and no job under way when the client breaks off mid-upload', async () => {
    const boundary = 'eluent-broken-upload';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="broken.csv"\r\n` +
        'Content-Type: text/csv\r\n\r\n',
    );
    const start = seededCsv(2000);
    const url = new URL(`${server.baseUrl}/api/measurements/import/`);
    const sent = httpRequest(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${user.access}`,
        prefer: 'respond-async',
        'content-type': `multipart/form-data; boundary=${boundary}`,
        // The whole file announced; a part of it sent.
        'content-length': String(head.length + 10 * start.length),
      },
    });
    sent.on('error', () => undefined);
    sent.write(head);
    sent.write(start);
    const db = server.context.database.db;
    const opened = await eventually(
      async () =>
        (await db
          .selectFrom('import_jobs')
          .selectAll()
          .where('owner_id', '=', user.id)
          .where('file_name', '=', 'broken.csv')
          .where('status', '=', 'reading')
          .executeTakeFirst()) ?? false,
      { what: 'the job opened with the first bytes', deadline: 20_000 },
    );
    sent.destroy();
    const ended = await eventually(
      async () => {
        const current = await job(opened.id);
        return current.status === 'failed' && current;
      },
      { what: 'the broken-off job failed', deadline: 20_000 },
    );
    expect(ended).toMatchObject({
      error_code: 'measurement_file_upload_interrupted',
      error: domainErrors.measurement_file_upload_interrupted,
      measurement_id: null,
    });
    expect(await measurementNames()).not.toContain('broken.csv');
  });
});
