// PostgreSQL goes away for 20 s in the middle of a sequence. The server process starts first and waits for
// the throw-away cluster this test then starts; a simulated instrument runs a sequence on the device link.
// While the database is stopped the process stays up, requests answer 503 with the catalogue message,
// health says the database is down and the instrument keeps its unacknowledged chunks; once PostgreSQL is
// back the sequence finishes with every point of every injection, each chunk stored once and none missing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { domainErrors } from '@eluent/contracts';
import { DeviceClient, simulatedHardware, websocketConnector } from '@eluent/simulator';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { graphql } from '../../test/graphql-client.ts';
import { request, signUp } from '../../test/harness.ts';
import { createPostgresCluster, postgresBinaries } from '../../test/postgres-cluster.ts';
import { freePort, startProcess, stopProcess } from '../../test/processes.ts';
import { eventually, scaled, simulatedRunsDeadline } from '../../test/eventually.ts';
import { openDatabase } from './database.ts';
import { workspaceOf } from '../../test/workspaces.ts';

const bin = postgresBinaries();
const RUN_TIME_MIN = 1;
const INJECTIONS = 2;
const SPEED = 10;

describe('a PostgreSQL outage in the middle of a sequence', () => {
  // Without the server binaries the test cannot run here; under CI their absence is a failure.
  it.skipIf(!bin && !process.env.CI)(
    'keeps the process up, answers 503 meanwhile and loses no point',
    { timeout: scaled(300_000) },
    async () => {
      if (!bin) throw new Error('PostgreSQL server binaries (initdb, pg_ctl) are required under CI');
      // The server starts first and waits for the database, as when containers start in any order.
      const cluster = await createPostgresCluster(bin);
      const dataDir = mkdtempSync(join(tmpdir(), 'eluent-outage-'));
      const port = await freePort();
      const baseUrl = `http://127.0.0.1:${port}`;
      const server = startProcess(
        'apps/server/src/main.ts',
        [],
        {
          PORT: String(port),
          HOST: '127.0.0.1',
          ELUENT_DATA_DIR: dataDir,
          ELUENT_LOG_LEVEL: 'warn',
          ELUENT_RATE_LIMIT: '1000',
          DATABASE_URL: cluster.url,
        },
        /Eluent listening/,
      );
      // The process compiles TypeScript on start: on a loaded machine that alone can take a minute.
      const waiting = eventually(async () => server.output().includes('waiting for the database'), {
        what: 'waits',
        deadline: 120_000,
      });
      const client = new DeviceClient({
        connect: websocketConnector(baseUrl),
        serialNumber: `OUTAGE-${process.pid}`,
        pairingCode: 'outage-code',
        speed: SPEED,
        resendAfterMs: 500,
        chunkEveryMs: 250,
      });
      try {
        await waiting;
        cluster.start();
        await server.ready;
        const owner = await signUp(baseUrl);
        const api = (method: string, path: string, body?: unknown) =>
          request(baseUrl, method, path, { token: owner.access, body });
        client.start();
        await client.waitFor(() => client.connected);
        const claim = await api('POST', '/api/devices/claim/', {
          serial_number: client.instrument.serialNumber,
          pairing_code: 'outage-code',
        });
        expect(claim.status).toBe(201);
        const deviceId = claim.body.id as number;
        await client.waitFor(() => client.instrument.componentState('detector') === 'ready');

        const setup = await openDatabase({ databaseUrl: cluster.url, dataDir });
        const { id: methodId } = await setup.db
          .insertInto('methods')
          .values({
            owner_id: owner.id,
            workspace_id: await workspaceOf(setup.db, owner.id),
            name: 'Caffeine assay',
            flow_rate_ml_per_min: 1,
            run_time_min: RUN_TIME_MIN,
            temperature: 30,
            injection_ul: 10,
            gradient: JSON.stringify([{ time_min: 0, percent_b: 20 }]),
            detector_single_channel: JSON.stringify({ wavelength_nm: 273 }),
            hardware_configuration: JSON.stringify(simulatedHardware),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await setup.close();
        const sample = await api('POST', '/api/samples/', {
          name: 'Tea',
          device_id: deviceId,
          method_id: methodId,
          column_name: 'C18',
        });
        expect(sample.status).toBe(201);
        const sequence = await api('POST', '/api/sequences/', {
          name: 'Outage',
          device_id: deviceId,
          method_id: methodId,
        });
        const id = sequence.body.id as number;
        await api('POST', `/api/sequences/${id}/drafts/`, {
          sample_id: sample.body.id,
          vial: 3,
          injections_count: INJECTIONS,
        });
        expect((await api('POST', `/api/sequences/${id}/start/`)).body.state).toBe('RUNNING');

        // The first injection is recording and some of its chunks are stored: stop PostgreSQL.
        await client.waitFor(() => client.instrument.run !== null && client.acknowledgedChunks >= 3);
        const firstRun = client.instrument.run;
        cluster.stop();

        const during = await api('GET', `/api/sequences/${id}/`);
        expect(during.status).toBe(503);
        expect(during.body).toEqual({
          code: 'database_unavailable',
          detail: domainErrors.database_unavailable,
        });
        const viewer = await graphql(baseUrl, owner.access, '{ measurements(limit: 1) { id } }');
        expect(viewer.status).toBe(503);
        expect(viewer.errors?.[0]?.message).toBe(domainErrors.database_unavailable);
        const health = await request(baseUrl, 'GET', '/api/health/');
        expect(health.status).toBe(503);
        expect(health.body).toMatchObject({ status: 'unavailable', database: 'down' });
        // The instrument keeps measuring and keeps what the server could not store.
        await eventually(async () => client.unacknowledged > 0, {
          what: 'chunks waiting on the instrument',
          deadline: 40_000,
        });
        // The outage outlasts the first injection: its last points and its finish wait on the instrument until
        // the database is back. Meanwhile the process stays up and answers 503.
        await eventually(
          async () => {
            expect(server.child.exitCode, server.output()).toBeNull();
            expect((await api('GET', '/api/sequences/')).status).toBe(503);
            return client.instrument.run !== firstRun;
          },
          {
            what: 'the first injection ended during the outage',
            deadline: simulatedRunsDeadline({ runTimeSec: RUN_TIME_MIN * 60, speed: SPEED }),
            intervalMs: 500,
          },
        );
        expect((await request(baseUrl, 'GET', '/api/health/')).status).toBe(503);
        cluster.start();

        await eventually(
          async () => (await request(baseUrl, 'GET', '/api/health/')).body?.database === 'up',
          { what: 'health reports the database up again', deadline: 40_000 },
        );
        await eventually(
          async () =>
            ['FINISHED', 'ERROR', 'STOPPED'].includes((await api('GET', `/api/sequences/${id}/`)).body.state),
          { what: 'sequence ends', deadline: 120_000 },
        );
        const finished = (await api('GET', `/api/sequences/${id}/`)).body;
        expect(finished.state, JSON.stringify(finished.error_code)).toBe('FINISHED');
        await client.waitFor(() => client.unacknowledged === 0);
        const results = (await api('GET', `/api/sequences/${id}/results/`)).body;
        expect(results.injections).toHaveLength(INJECTIONS);

        const check = await openDatabase({ databaseUrl: cluster.url, dataDir });
        try {
          for (const injection of results.injections) {
            // Every point the instrument produced (RUN_TIME_MIN at 10 Hz, both ends included) is stored.
            expect(injection.measurement_state).toBe('complete');
            expect(injection.points_count).toBe(RUN_TIME_MIN * 600 + 1);
            expect(injection.result).not.toBeNull();
            const data = (await api('GET', `/api/measurements/${injection.measurement_id}/data/`)).body;
            expect(data.signal).toHaveLength(RUN_TIME_MIN * 600 + 1);
            const steps = data.time_sec.slice(1).map((t: number, i: number) => t - data.time_sec[i]);
            expect(Math.min(...steps)).toBeCloseTo(0.1, 6);
            expect(Math.max(...steps)).toBeCloseTo(0.1, 6);
            const { rows } = await sql<{ chunk_index: number }>`
              select chunk_index from measurement_chunks
              where measurement_id = ${injection.measurement_id} order by chunk_index`.execute(check.db);
            expect(rows.map((row) => row.chunk_index)).toEqual(rows.map((_, index) => index));
          }
        } finally {
          await check.close();
        }
        expect(server.child.exitCode).toBeNull();
      } finally {
        await client.stop();
        await stopProcess(server.child, server.exited, 'SIGKILL');
        cluster.destroy();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
