// `npm run bench -- import`: a 2,000,000-point AIA file imported through POST /api/measurements/import/
// (upload, reading and processing in a worker thread, the signal stored as bytea chunks, the result), on
// the embedded database and on PostgreSQL when it answers. While each import runs, /api/health/ is asked
// every 50 ms; its p99 and largest gap are printed. Reference, in rounds alternating with ours: the same
// chunk rows (5,000 points, little-endian doubles) written by one bare binary COPY — through the same
// PGlite instance (`/dev/blob`), or through a `pg` client of its own on PostgreSQL (`FROM STDIN`).
// Options: --points=<n> --rounds=<n> --file=aia|csv|csv-whole (csv: a lone CSV, read as it arrives;
// csv-whole: the same CSV named by its path in a folder, read whole once received, as every CSV was before).
import { loadavg } from 'node:os';
import { finished } from 'node:stream/promises';
import { CompiledQuery, sql } from 'kysely';
import { from as copyFrom } from 'pg-copy-streams';
import pg from 'pg';
import { writeAia, writeCsv } from '@eluent/signal';
import { backends, signUp, startTestServer, type Backend } from '@eluent/server/test/harness.ts';
import { encodeCopyRows, type CopyField } from '@eluent/server/src/lib/copy-binary.ts';
import { encodeFloat64 } from '@eluent/server/src/lib/float-bytes.ts';

const CHUNK_POINTS = 5000;
const COPY_SQL =
  'copy measurement_chunks (measurement_id, chunk_index, time_sec, signal, points, first_time_sec, last_time_sec) from stdin with (format binary)';

function option(args: string[], name: string, fallback: number): number {
  const given = args.find((arg) => arg.startsWith(`--${name}=`));
  return given ? Number(given.split('=')[1]) : fallback;
}

/** Seeded trace: 0.01 s sampling, a Gaussian peak every 20 s, a little noise. */
function trace(points: number) {
  let state = 11;
  const random = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31 - 0.5;
  const timeSec = new Float64Array(points);
  const values = new Float64Array(points);
  for (let i = 0; i < points; i++) {
    const t = i * 0.01;
    const offset = (t % 20) - 10;
    timeSec[i] = t;
    values[i] = 50 * Math.exp(-(offset * offset) / 2) + 0.05 * random();
  }
  return { timeSec, values };
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;
}

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  );

/** Rows of one measurement's chunks, encoded as ours are, as binary COPY fields. */
function chunkRows(measurementId: number, signal: { timeSec: Float64Array; values: Float64Array }) {
  const rows: CopyField[][] = [];
  for (let start = 0, index = 0; start < signal.values.length; start += CHUNK_POINTS, index++) {
    const end = Math.min(signal.values.length, start + CHUNK_POINTS);
    const timeSec = signal.timeSec.subarray(start, end);
    rows.push([
      { int4: measurementId },
      { int4: index },
      { bytea: encodeFloat64(timeSec) },
      { bytea: encodeFloat64(signal.values.subarray(start, end)) },
      { int4: end - start },
      { float8: timeSec[0]! },
      { float8: timeSec[timeSec.length - 1]! },
    ]);
  }
  return rows;
}

type FileKind = 'aia' | 'csv' | 'csv-whole';

/** The uploaded file and the name it is sent as. */
function fileOf(kind: FileKind, signal: { timeSec: Float64Array; values: Float64Array }) {
  if (kind === 'aia')
    return {
      name: 'bench.cdf',
      bytes: writeAia({ ...signal, signalUnit: 'mAU', metadata: {} }, { date: new Date(0) }),
    };
  const bytes = new TextEncoder().encode(writeCsv({ ...signal, signalUnit: 'mAU' }));
  return { name: kind === 'csv' ? 'bench.csv' : 'bench/bench.csv', bytes };
}

async function benchBackend(backend: Backend, points: number, rounds: number, kind: FileKind): Promise<void> {
  const signal = trace(points);
  const file = fileOf(kind, signal);
  const server = await startTestServer({
    backend,
    env: { ELUENT_LOG_LEVEL: 'silent', ELUENT_ACCESS_TOKEN_LIFETIME_SEC: '86400' },
  });
  const client = backend.name === 'postgres' ? new pg.Client({ connectionString: server.databaseUrl }) : null;
  await client?.connect();
  try {
    const token = (await signUp(server.baseUrl)).access;
    const db = server.context.database.db;
    const { id: ownerId } = await db.selectFrom('users').select('id').orderBy('id').executeTakeFirstOrThrow();
    const { id: workspaceId } = await db
      .selectFrom('workspaces')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const ours: number[] = [];
    const reference: number[] = [];
    const healthMs: number[] = [];
    let largestGapMs = 0;

    for (let round = 0; round < rounds; round++) {
      // Ours: the whole import over HTTP, with health asked every 50 ms meanwhile.
      let importing = true;
      const probe = (async () => {
        let last = performance.now();
        while (importing) {
          const asked = performance.now();
          await (await fetch(`${server.baseUrl}/api/health/`)).arrayBuffer();
          const answered = performance.now();
          healthMs.push(answered - asked);
          largestGapMs = Math.max(largestGapMs, answered - last);
          last = answered;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      })();
      const form = new FormData();
      form.append('file', new Blob([Buffer.from(file.bytes)]), file.name);
      const started = performance.now();
      const response = await fetch(`${server.baseUrl}/api/measurements/import/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      await response.arrayBuffer();
      ours.push(performance.now() - started);
      importing = false;
      await probe;
      if (response.status !== 201) throw new Error(`import answered ${response.status}`);

      // Reference: the same rows in one bare binary COPY (a `pg` client of its own on PostgreSQL).
      const { id: measurementId } = await db
        .insertInto('measurements')
        .values({ owner_id: ownerId, workspace_id: workspaceId, name: 'reference', state: 'complete' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const referenceStarted = performance.now();
      const data = encodeCopyRows(chunkRows(measurementId, signal));
      if (client) {
        const stream = client.query(copyFrom(COPY_SQL));
        stream.end(data);
        await finished(stream);
      } else {
        await db.executeQuery(CompiledQuery.raw(COPY_SQL, [data]));
      }
      reference.push(performance.now() - referenceStarted);
      await sql`delete from measurements where id = ${measurementId}`.execute(db);
    }
    const health = [...healthMs].sort((a, b) => a - b);
    console.log(
      `${backend.name}: import of ${points.toLocaleString('en')} points (${kind}, ${(file.bytes.length / 1e6).toFixed(1)} MB) ${(median(ours) / 1000).toFixed(2)} s ` +
        `(rounds ${ours.map((ms) => (ms / 1000).toFixed(2)).join(', ')}); reference rows only ` +
        `${(median(reference) / 1000).toFixed(2)} s (${reference.map((ms) => (ms / 1000).toFixed(2)).join(', ')}); ` +
        `ratio ${(median(ours) / median(reference)).toFixed(2)}; health during ours: p50 ${percentile(health, 0.5).toFixed(1)} ms, ` +
        `p99 ${percentile(health, 0.99).toFixed(1)} ms, largest gap ${largestGapMs.toFixed(0)} ms (${health.length} answers)`,
    );
  } finally {
    await client?.end();
    await server.dispose();
  }
}

export async function run(args: string[]): Promise<void> {
  const points = option(args, 'points', 2_000_000);
  const rounds = option(args, 'rounds', 3);
  const given = args.find((arg) => arg.startsWith('--file='))?.split('=')[1] ?? 'aia';
  if (!['aia', 'csv', 'csv-whole'].includes(given)) throw new Error('--file is aia, csv or csv-whole');
  const kind = given as FileKind;
  console.log(
    `load ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
  for (const backend of await backends('both')) await benchBackend(backend, points, rounds, kind);
  console.log(
    `load ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
}
