// A server process killed (SIGKILL) in the middle of storing an import job's signal, on PostgreSQL: its
// claim on the job ends with its connection, the other process's reconciler ends the job `failed` with
// `import_job_process_stopped`, and the measurement it had begun is gone with every chunk it wrote. (An
// instrument held by a killed process is accepted by the other one within 5 s:
// services/sequences/process-takeover.medium.test.ts.)
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { domainErrors } from '@eluent/contracts';
import { writeAia } from '@eluent/signal';
import { describe, expect, it } from 'vitest';
import { eventually, scaled } from '../../../test/eventually.ts';
import { newDataDir, postgresReachable, signUp, startTestServer } from '../../../test/harness.ts';
import { freePort, startProcess, stopProcess } from '../../../test/processes.ts';

/** Points of the file: about 100 COPY statements of signal rows, so the kill lands while they are written. */
const POINTS = 6_000_000;

/** A seeded trace: 0.01 s sampling, a peak every 20 s on a little noise. */
function seededAia(points: number): Uint8Array {
  let state = 7;
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

const postgres = await postgresReachable();

describe.runIf(postgres)('a server process killed while it stores an import job', () => {
  it(
    'has the other process end the job failed, with nothing of its measurement left',
    { timeout: scaled(240_000) },
    async () => {
      const file = seededAia(POINTS);
      const shared = {
        ELUENT_SECRET: randomBytes(32).toString('hex'),
        ELUENT_IMPORT_MAX_BYTES: String(file.byteLength * 2),
      };
      // The survivor runs in this process and reconciles every half second.
      const survivor = await startTestServer({
        backend: { name: 'postgres' },
        env: { ...shared, ELUENT_RECONCILE_INTERVAL_SEC: '0.5' },
      });
      const dataDir = newDataDir({ prefix: 'eluent-import-kill-', pglite: false });
      const port = await freePort();
      const holderUrl = `http://127.0.0.1:${port}`;
      const holder = startProcess(
        'apps/server/src/main.ts',
        [],
        {
          ...shared,
          HOST: '127.0.0.1',
          PORT: String(port),
          ELUENT_LOG_LEVEL: 'warn',
          ELUENT_DATA_DIR: dataDir,
          DATABASE_URL: survivor.databaseUrl!,
          ELUENT_RECONCILE_INTERVAL_SEC: '3600',
        },
        /Eluent listening/,
      );
      try {
        await holder.ready;
        const owner = await signUp(survivor.baseUrl);
        const form = new FormData();
        form.append('file', new Blob([file]), 'killed.cdf');
        const started = await fetch(`${holderUrl}/api/measurements/import/`, {
          method: 'POST',
          headers: { authorization: `Bearer ${owner.access}`, prefer: 'respond-async' },
          body: form,
        });
        expect(started.status).toBe(202);
        const jobId = ((await started.json()) as { job_id: number }).job_id;

        const db = survivor.context.database.db;
        const job = () =>
          db.selectFrom('import_jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
        const storing = await eventually(
          async () => {
            const row = await job();
            return row.status === 'storing' && row.points_stored > 0 && row.measurement_id !== null && row;
          },
          { what: 'the job stores its first signal rows', deadline: 120_000, intervalMs: 5 },
        );
        await stopProcess(holder.child, holder.exited, 'SIGKILL');
        const measurementId = storing.measurement_id!;
        expect(storing.points_stored).toBeLessThan(POINTS);

        const ended = await eventually(
          async () => {
            const answer = await fetch(`${survivor.baseUrl}/api/measurements/import/jobs/${jobId}/`, {
              headers: { authorization: `Bearer ${owner.access}` },
            });
            const body = (await answer.json()) as { status: string };
            return body.status !== 'storing' && body;
          },
          { what: 'the reconciler ends the job', deadline: 10_000 },
        );
        expect(ended).toMatchObject({
          status: 'failed',
          error_code: 'import_job_process_stopped',
          error: domainErrors.import_job_process_stopped,
          points_stored: 0,
          measurement_id: null,
        });
        const measurements = await db
          .selectFrom('measurements')
          .select('id')
          .where('owner_id', '=', owner.id)
          .execute();
        expect(measurements).toEqual([]);
        const chunks = await db
          .selectFrom('measurement_chunks')
          .select('chunk_index')
          .where('measurement_id', '=', measurementId)
          .execute();
        expect(chunks).toEqual([]);
        // The job's claim went with the killed process's connection: the survivor took it and let it go.
        expect(await survivor.context.database.claims.acquire('import_job', jobId)).toBe(true);
        await survivor.context.database.claims.release('import_job', jobId);
      } finally {
        await stopProcess(holder.child, holder.exited, 'SIGKILL');
        rmSync(dataDir, { recursive: true, force: true });
        await survivor.dispose();
      }
    },
  );
});
