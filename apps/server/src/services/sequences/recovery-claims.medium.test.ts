// Two server processes start on one PostgreSQL database that holds unfinished reprocessing jobs and a
// RUNNING sequence (as after a crash). Start-up recovery claims its work, so each job runs exactly once
// (one result version per job and measurement) and exactly one process recovers the sequence (one audit row
// of its failure: its instrument is not connected).
import { rmSync } from 'node:fs';
import { simulatedHardware } from '@eluent/simulator';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  createThrowAwayDatabase,
  newDataDir,
  postgresReachable,
  request,
  signUp,
  startTestServer,
} from '../../../test/harness.ts';
import { freePort, startProcess, stopProcess, type StartedProcess } from '../../../test/processes.ts';
import { eventually, scaled } from '../../../test/eventually.ts';
import { sampleChromatogram, upload } from '../../../test/results-fixtures.ts';
import { storeMethod } from '../../../test/sequences-fixtures.ts';
import { LOCK_SPACE } from '../../db/claims.ts';
import { openDatabase } from '../../db/database.ts';
import { snapshotOf } from '../results/results.ts';
import { workspaceOf } from '../../../test/workspaces.ts';

const JOBS = 6;
const MEASUREMENTS = 3;
const postgres = await postgresReachable();

describe('start-up recovery with two server processes on one PostgreSQL database', () => {
  it.skipIf(!postgres)(
    'runs each unfinished job once and recovers the running sequence in one process',
    { timeout: scaled(240_000) },
    async () => {
      const database = await createThrowAwayDatabase();
      const dirs = [0, 1, 2].map(() => newDataDir({ prefix: 'eluent-claims-', pglite: false }));
      const processes: StartedProcess[] = [];
      try {
        // The state a crash leaves behind, written through one in-process server that then stops.
        const seed = await startTestServer({
          backend: { name: 'postgres' },
          reuse: { dataDir: dirs[0]!, databaseUrl: database.url },
        });
        const owner = await signUp(seed.baseUrl);
        const file = sampleChromatogram();
        const measurementIds: number[] = [];
        for (let i = 0; i < MEASUREMENTS; i++) {
          const imported = await upload(seed.baseUrl, owner.access, file.name, file.bytes);
          expect(imported.status).toBe(201);
          measurementIds.push(imported.body.measurement_id as number);
        }
        const device = await seed.context.services.devices.registry.provision({
          serialNumber: `CLAIMS-${process.pid}`,
          pairingCode: 'claims-code',
          name: 'Offline HPLC',
          ownerId: owner.id,
        });
        const { db } = seed.context.database;
        await db
          .updateTable('devices')
          .set({
            hardware_configuration: JSON.stringify(simulatedHardware),
            installed_column: JSON.stringify({
              name: 'C18',
              length_mm: 150,
              inner_diameter_mm: 4.6,
              particle_size_um: 5,
            }),
          })
          .where('id', '=', device.id)
          .execute();
        const methodId = await storeMethod(seed, owner.id);
        const api = (method: string, path: string, body?: unknown) =>
          request(seed.baseUrl, method, path, { token: owner.access, body });
        const sample = await api('POST', '/api/samples/', {
          name: 'Tea',
          device_id: device.id,
          method_id: methodId,
          column_name: 'C18',
        });
        const sequence = await api('POST', '/api/sequences/', {
          name: 'Crashed run',
          device_id: device.id,
          method_id: methodId,
        });
        expect(sample.status, sample.text).toBe(201);
        expect(sequence.status, sequence.text).toBe(201);
        const sequenceId = sequence.body.id as number;
        await api('POST', `/api/sequences/${sequenceId}/drafts/`, { sample_id: sample.body.id, vial: 1 });
        await db
          .updateTable('sequences')
          .set({ state: 'RUNNING', started_at: new Date() })
          .where('id', '=', sequenceId)
          .execute();
        const jobIds: number[] = [];
        for (let i = 0; i < JOBS; i++) {
          const job = await db
            .insertInto('processing_jobs')
            .values({
              owner_id: owner.id,
              workspace_id: await workspaceOf(db, owner.id),
              scope: 'measurements',
              target_id: null,
              measurement_ids: measurementIds,
              template_uuid: null,
              template_snapshot: JSON.stringify(snapshotOf(undefined)),
              total: MEASUREMENTS,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          jobIds.push(job.id);
        }
        await seed.stop();

        // Two processes start at the same time on that database.
        for (const dataDir of dirs.slice(1)) {
          const port = await freePort();
          const env = {
            PORT: String(port),
            HOST: '127.0.0.1',
            ELUENT_DATA_DIR: dataDir,
            ELUENT_LOG_LEVEL: 'warn',
            DATABASE_URL: database.url,
            // The offline instrument is awaited 15 s instead of 30. The wait starts before a process listens,
            // so it must outlast the other process's start-up for the one claim held to be seen.
            ELUENT_INSTRUMENT_READY_WAIT_SEC: '15',
          };
          processes.push(startProcess('apps/server/src/main.ts', [], env, /Eluent listening/));
        }
        await Promise.all(processes.map((started) => started.ready));

        const check = await openDatabase({ databaseUrl: database.url, dataDir: dirs[0]! });
        try {
          // One process drives the sequence: exactly one session holds its advisory lock while the
          // instrument is awaited (the other process was refused the claim and watches).
          await eventually(
            async () => {
              const holders = await sql<{ count: number }>`
              select count(*)::int as count from pg_locks
              where locktype = 'advisory' and granted and classid = ${LOCK_SPACE.sequence}
                and objid = ${sequenceId} and objsubid = 2`.execute(check.db);
              return holders.rows[0]?.count === 1;
            },
            { what: 'one process holds the sequence', deadline: 40_000 },
          );
          await eventually(
            async () => {
              const jobs = await check.db
                .selectFrom('processing_jobs')
                .select('state')
                .where('id', 'in', jobIds)
                .execute();
              return jobs.every((job) => job.state === 'finished');
            },
            { what: 'every job finished', deadline: 40_000 },
          );
          // The recovering process waits for the offline instrument, then fails the sequence.
          await eventually(
            async () =>
              (
                await check.db
                  .selectFrom('sequences')
                  .select('state')
                  .where('id', '=', sequenceId)
                  .executeTakeFirstOrThrow()
              ).state === 'ERROR',
            { what: 'sequence recovered', deadline: 90_000 },
          );
          const versions = await sql<{ job_id: number; measurement_id: number; count: number }>`
            select job_id, measurement_id, count(*)::int as count from processing_results
            where job_id = any(${jobIds}) group by job_id, measurement_id`.execute(check.db);
          expect(versions.rows).toHaveLength(JOBS * MEASUREMENTS);
          expect(versions.rows.filter((row) => row.count !== 1)).toEqual([]);
          const failures = await check.db
            .selectFrom('auditEvents')
            .select('action')
            .where('entity', '=', 'sequences')
            .where('entity_id', '=', String(sequenceId))
            .where('action', '=', 'error')
            .execute();
          expect(failures).toHaveLength(1);
          for (const started of processes) expect(started.child.exitCode, started.output()).toBeNull();
        } finally {
          await check.close();
        }
      } finally {
        for (const started of processes) await stopProcess(started.child, started.exited, 'SIGTERM');
        for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
        await database.drop();
      }
    },
  );
});
