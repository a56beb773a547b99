// Separate processes, as in production: a standalone simulator process, and a server process killed with
// SIGKILL in the middle of a run.
import { rmSync } from 'node:fs';
import type { DeviceMethodInput } from '@eluent/contracts';
import { DeviceClient, websocketConnector } from '@eluent/simulator';
import { describe, expect, it } from 'vitest';
import {
  backends,
  createThrowAwayDatabase,
  newDataDir,
  request,
  signUp,
  startTestServer,
} from '../../../test/harness.ts';
import { freePort, startProcess, stopProcess } from '../../../test/processes.ts';
import { eventually } from '../../../test/eventually.ts';
import { createMeasurementChunksRepository } from '../../repositories/measurement-chunks.ts';

const method: DeviceMethodInput = {
  flow_rate_ml_per_min: 1,
  run_time_min: 1,
  gradient: [
    { time_min: 0, percent_b: 10 },
    { time_min: 0.8, percent_b: 90 },
  ],
};

const backendList = await backends();
/** Each test starts Node processes that compile TypeScript on start (and PGlite boots twice): give room. */
const PROCESS_TEST_TIMEOUT_MS = 240_000;

describe('instrument and server as separate processes', () => {
  it(
    'claims a standalone simulator process and shows it online, then offline when it stops',
    async () => {
      const server = await startTestServer({ backend: { name: 'pglite' } });
      try {
        const user = await signUp(server.baseUrl);
        const serial = `CLI-${process.pid}`;
        const simulator = startProcess(
          'packages/simulator/src/cli.ts',
          ['--url', server.baseUrl, '--serial', serial, '--pairing-code', 'cli-code', '--speed', '20'],
          {},
          /online as device/,
        );
        await simulator.ready;
        const claim = await request(server.baseUrl, 'POST', '/api/devices/claim/', {
          token: user.access,
          body: { serial_number: serial, pairing_code: 'cli-code' },
        });
        expect(claim.status).toBe(201);
        const deviceId = claim.body.id as number;
        await eventually(
          async () => {
            const device = await request(server.baseUrl, 'GET', `/api/devices/${deviceId}/`, {
              token: user.access,
            });
            return device.body.online && device.body.live?.components?.pump === 'ready';
          },
          { what: 'simulator online', deadline: 40_000 },
        );
        await stopProcess(simulator.child, simulator.exited, 'SIGTERM');
        await eventually(
          async () => {
            const device = await request(server.baseUrl, 'GET', `/api/devices/${deviceId}/`, {
              token: user.access,
            });
            return device.body.state === 'offline';
          },
          { what: 'simulator offline', deadline: 40_000 },
        );
      } finally {
        await server.dispose();
      }
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  for (const backend of backendList) {
    it(
      `completes a measurement with every point after the server is killed with SIGKILL (${backend.name})`,
      async () => {
        const dataDir = newDataDir({ prefix: 'eluent-kill-', pglite: backend.name === 'pglite' });
        const database = backend.name === 'postgres' ? await createThrowAwayDatabase() : undefined;
        const port = await freePort();
        const env: Record<string, string> = {
          PORT: String(port),
          HOST: '127.0.0.1',
          ELUENT_DATA_DIR: dataDir,
          ELUENT_LOG_LEVEL: 'warn',
          ...(database ? { DATABASE_URL: database.url } : {}),
        };
        const baseUrl = `http://127.0.0.1:${port}`;
        const startServer = () => startProcess('apps/server/src/main.ts', [], env, /Eluent listening/);
        let server = startServer();
        const client = new DeviceClient({
          connect: websocketConnector(baseUrl),
          serialNumber: `KILL-${process.pid}-${backend.name}`,
          pairingCode: 'kill-code',
          speed: 12,
          resendAfterMs: 1000,
          chunkEveryMs: 250,
        });
        try {
          await server.ready;
          const user = await signUp(baseUrl);
          client.start();
          await client.waitFor(() => client.connected);
          const claim = await request(baseUrl, 'POST', '/api/devices/claim/', {
            token: user.access,
            body: { serial_number: client.instrument.serialNumber, pairing_code: 'kill-code' },
          });
          await client.waitFor(() => client.credential !== undefined);
          await client.waitFor(() => client.instrument.componentState('detector') === 'ready');
          const run = await request(baseUrl, 'POST', `/api/devices/${claim.body.id}/run/`, {
            token: user.access,
            body: { method, vial: 5 },
          });
          expect(run.status).toBe(201);
          const measurementId = run.body.measurement_id as number;
          await client.waitFor(() => client.acknowledgedChunks >= 3);
          await stopProcess(server.child, server.exited, 'SIGKILL');

          server = startServer();
          await server.ready;
          await client.waitFor(
            () => client.instrument.run === null && client.unacknowledged === 0 && client.connected,
          );
          await stopProcess(server.child, server.exited, 'SIGTERM');
          await client.stop();

          // Open the same data in this process and read what was stored.
          const reopened = await startTestServer({ backend, reuse: { dataDir, databaseUrl: database?.url } });
          try {
            const stored = await createMeasurementChunksRepository(reopened.context.database.db).readSignal(
              measurementId,
            );
            const row = await reopened.context.database.db
              .selectFrom('measurements')
              .select(['state', 'points_count'])
              .where('id', '=', measurementId)
              .executeTakeFirstOrThrow();
            expect(row).toEqual({ state: 'complete', points_count: 601 });
            expect(stored.chunkIndexes).toEqual(stored.chunkIndexes.map((_, index) => index));
            expect(stored.timeSec).toHaveLength(601);
            stored.timeSec.forEach((time, index) => expect(time).toBeCloseTo(index * 0.1, 6));
          } finally {
            await reopened.stop();
          }
        } finally {
          await client.stop();
          if (server.child.exitCode === null) await stopProcess(server.child, server.exited, 'SIGKILL');
          rmSync(dataDir, { recursive: true, force: true });
          await database?.drop();
        }
      },
      PROCESS_TEST_TIMEOUT_MS,
    );
  }
});
