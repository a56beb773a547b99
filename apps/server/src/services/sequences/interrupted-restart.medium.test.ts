// A server process killed with SIGKILL in the middle of an injection, as on a crash of `npm start`: its
// in-process demo instrument dies with it, so after the restart the injection is interrupted (kept with its
// points and the reason) and "continue from the next row" finishes the sequence with every other injection.
import { rmSync } from 'node:fs';
import { domainErrors } from '@eluent/contracts';
import { describe, expect, it } from 'vitest';
import { backends, createThrowAwayDatabase, newDataDir, request } from '../../../test/harness.ts';
import { freePort, startProcess, stopProcess, type StartedProcess } from '../../../test/processes.ts';
import { eventually } from '../../../test/eventually.ts';

const FAST_METHOD = 'Example: fast UHPLC gradient, 2.1 × 50 mm';
/** The fast example method runs 5 min; at the simulator's 10 Hz, both ends included. */
const POINTS = 5 * 600 + 1;
const INJECTIONS = 3;
/** Two Node processes compile TypeScript on start and PGlite boots twice: give room. */
const TIMEOUT_MS = 240_000;

const backendList = await backends();

describe('an injection interrupted by a killed server', () => {
  for (const backend of backendList) {
    it(
      `continues from the next row with every other injection's points and results (${backend.name})`,
      { timeout: TIMEOUT_MS },
      async () => {
        const dataDir = newDataDir({ prefix: 'eluent-interrupt-', pglite: backend.name === 'pglite' });
        const database = backend.name === 'postgres' ? await createThrowAwayDatabase() : undefined;
        const port = await freePort();
        const baseUrl = `http://127.0.0.1:${port}`;
        const env: Record<string, string> = {
          PORT: String(port),
          HOST: '127.0.0.1',
          ELUENT_DATA_DIR: dataDir,
          ELUENT_LOG_LEVEL: 'warn',
          ELUENT_DEMO: '1',
          ELUENT_SIMULATORS: '1',
          ELUENT_SIM_SPEED: '60',
          // The restarted demo instrument reports without the run: interrupt 1 s after its last chunk, not 5.
          ELUENT_RUN_DELIVERY_GRACE_SEC: '1',
          ...(database ? { DATABASE_URL: database.url } : {}),
        };
        const startServer = () => startProcess('apps/server/src/main.ts', [], env, /Eluent listening/);
        let server: StartedProcess = startServer();
        try {
          await server.ready;
          const signIn = await request(baseUrl, 'POST', '/api/token/', {
            body: { username: 'demo@eluent.dev', password: 'eluent-demo' },
          });
          const token = signIn.body.access as string;
          const api = (method: string, path: string, body?: unknown) =>
            request(baseUrl, method, path, { token, body });
          let device: any;
          await eventually(async () => {
            device = (await api('GET', '/api/devices/')).body[0];
            return device?.online === true && device.live?.components?.detector === 'ready';
          });
          const methods = await api('POST', '/hasura/v1/graphql', {
            query: 'query($name: String!) { methods(where: { name: { _eq: $name } }) { id } }',
            variables: { name: FAST_METHOD },
          });
          const methodId = methods.body.data.methods[0].id as number;
          const sample = await api('POST', '/api/samples/', {
            name: 'Green tea',
            device_id: device.id,
            method_id: methodId,
            column_name: device.installed_column?.name ?? 'C18',
          });
          expect(sample.status).toBe(201);
          const created = await api('POST', '/api/sequences/', {
            name: 'Crash',
            device_id: device.id,
            method_id: methodId,
          });
          const id = created.body.id as number;
          await api('POST', `/api/sequences/${id}/drafts/`, {
            sample_id: sample.body.id,
            vial: 2,
            injections_count: INJECTIONS,
          });
          expect((await api('POST', `/api/sequences/${id}/start/`)).status).toBe(200);

          // Kill the server while the second injection records.
          await eventually(async () => {
            const second = (await api('GET', `/api/sequences/${id}/results/`)).body.injections[1];
            if (second?.measurement_state !== 'recording') return false;
            return (
              (await api('GET', `/api/measurements/${second.measurement_id}/data/`)).body.signal?.length > 50
            );
          });
          await stopProcess(server.child, server.exited, 'SIGKILL');
          server = startServer();
          await server.ready;

          await eventually(
            async () => (await api('GET', `/api/sequences/${id}/`)).body.interruption !== null,
          );
          const paused = (await api('GET', `/api/sequences/${id}/`)).body;
          expect(paused.state).toBe('PAUSED');
          expect(paused.interruption).toMatchObject({
            replicate: 2,
            reason: 'injection_interrupted_restart',
            detail: domainErrors.injection_interrupted_restart,
          });
          expect(paused.interruption.points_count).toBeGreaterThan(50);

          const continued = await api('POST', `/api/sequences/${id}/continue/`);
          expect(continued.status, continued.text).toBe(200);
          expect(continued.body.state).toBe('RUNNING');
          await eventually(async () =>
            ['FINISHED', 'ERROR', 'STOPPED'].includes((await api('GET', `/api/sequences/${id}/`)).body.state),
          );
          const finished = (await api('GET', `/api/sequences/${id}/`)).body;
          expect(finished.state, JSON.stringify(finished.error_code)).toBe('FINISHED');

          const { injections } = (await api('GET', `/api/sequences/${id}/results/`)).body;
          expect(injections.map((i: any) => [i.replicate, i.injection_state])).toEqual([
            [1, 'finished'],
            [2, 'interrupted'],
            [3, 'finished'],
          ]);
          for (const injection of injections) {
            const data = await api('GET', `/api/measurements/${injection.measurement_id}/data/`);
            if (injection.injection_state === 'interrupted') {
              expect(injection.points_count).toBe(paused.interruption.points_count);
              expect(data.body.signal).toHaveLength(injection.points_count);
              continue;
            }
            expect(injection.points_count).toBe(POINTS);
            expect(data.body.signal).toHaveLength(POINTS);
            // Processed and stored. This sample holds nothing the method elutes: its honest result is
            // "No peaks found." (a drifting gradient baseline with noise), and no other error.
            expect(injection.result).not.toBeNull();
            const codes = (injection.result.errors ?? []).map((error: { code: string }) => error.code);
            expect(codes.filter((code: string) => code !== 'processing_no_peaks')).toEqual([]);
          }
        } finally {
          await stopProcess(server.child, server.exited, 'SIGKILL');
          rmSync(dataDir, { recursive: true, force: true });
          await database?.drop();
        }
      },
    );
  }
});
