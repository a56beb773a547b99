// Two server processes on one PostgreSQL database and one Redis; a process is killed (SIGKILL). Its claims
// in the database end with its connection:
// - it held the instrument and drove a running sequence, killed in the middle of an injection: the
//   instrument is accepted by the other process within 5 s (not after the 16 s an announcement through
//   Redis stays fresh), and the other process drives the sequence on (the injection under way finishes
//   with every point and its result, the next one runs);
// - it drove a sequence on the other process's instrument, and was killed after an injection ended there
//   while Redis was down: nothing will ever tell anyone of that end, and the other process's reconciler
//   takes the sequence over from the database and runs it to its end.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { DeviceClient, simulatedHardware, websocketConnector, type LinkSocket } from '@eluent/simulator';
import { describe, expect, it } from 'vitest';
import {
  createThrowAwayDatabase,
  newDataDir,
  postgresReachable,
  request,
  signUp,
  startTestServer,
} from '../../../test/harness.ts';
import { eventually, scaled } from '../../../test/eventually.ts';
import { freePort, startProcess, stopProcess, type StartedProcess } from '../../../test/processes.ts';
import { startOwnRedis } from '../../../test/redis-server.ts';
import { storeMethod } from '../../../test/sequences-fixtures.ts';
import { workspaceOf } from '../../../test/workspaces.ts';
import { openDatabase } from '../../db/database.ts';
import { REMOTE_FRESH_MS } from '../devices/service.ts';

const postgres = await postgresReachable();
const redisInstalled = await import('node:child_process').then(
  ({ spawnSync }) => spawnSync('redis-server', ['--version']).status === 0,
);

describe.runIf(postgres && redisInstalled)('a server process killed while it holds an instrument', () => {
  it(
    'lets another process accept the instrument within 5 s and take the running sequence over',
    { timeout: scaled(240_000) },
    async () => {
      const database = await createThrowAwayDatabase();
      const redis = await startOwnRedis();
      const dirs = [0, 1, 2].map(() => newDataDir({ prefix: 'eluent-takeover-', pglite: false }));
      const shared = {
        HOST: '127.0.0.1',
        ELUENT_LOG_LEVEL: 'warn',
        DATABASE_URL: database.url,
        REDIS_URL: redis.url,
        ELUENT_REDIS_PREFIX: `eluent-takeover-${randomBytes(4).toString('hex')}`,
        ELUENT_SECRET: randomBytes(32).toString('hex'),
        ELUENT_RECONCILE_INTERVAL_SEC: '1',
      };
      const processes: StartedProcess[] = [];
      const urls: string[] = [];
      for (const dataDir of dirs.slice(0, 2)) {
        const port = await freePort();
        const started = startProcess(
          'apps/server/src/main.ts',
          [],
          { ...shared, PORT: String(port), ELUENT_DATA_DIR: dataDir },
          /Eluent listening/,
        );
        processes.push(started);
        urls.push(`http://127.0.0.1:${port}`);
        // One after the other: the second starts on a migrated database.
        await started.ready;
      }
      const [holder, survivor] = processes as [StartedProcess, StartedProcess];
      const [holderUrl, survivorUrl] = urls as [string, string];
      // The instrument connects where it is sent, as behind a load balancer that takes a dead process out;
      // the time the survivor first welcomes it is noted.
      let target = holderUrl;
      let welcomedBySurvivorAt: number | null = null;
      const connect = async (): Promise<LinkSocket> => {
        const url = target;
        const socket = await websocketConnector(url)();
        if (url === survivorUrl) {
          socket.onMessage((text) => {
            if (welcomedBySurvivorAt === null && (JSON.parse(text) as { type?: string }).type === 'welcome')
              welcomedBySurvivorAt = Date.now();
          });
        }
        return socket;
      };
      const serialNumber = `TAKEOVER-${randomBytes(3).toString('hex')}`;
      const client = new DeviceClient({
        connect,
        serialNumber,
        pairingCode: 'takeover-code',
        speed: 10,
        tickMs: 50,
        chunkEveryMs: 250,
        resendAfterMs: 1000,
      });
      const check = await openDatabase({ databaseUrl: database.url, dataDir: dirs[2]! });
      try {
        const owner = await signUp(holderUrl);
        client.start();
        await client.waitFor(() => client.connected);
        const claim = await request(holderUrl, 'POST', '/api/devices/claim/', {
          token: owner.access,
          body: { serial_number: serialNumber, pairing_code: 'takeover-code' },
        });
        expect(claim.status, claim.text).toBe(201);
        const deviceId = claim.body.id as number;
        await client.waitFor(() => client.credential !== undefined);
        await client.waitFor(() => client.instrument.componentState('detector') === 'ready');

        const { db } = check;
        const method = await db
          .insertInto('methods')
          .values({
            owner_id: owner.id,
            workspace_id: await workspaceOf(db, owner.id),
            name: 'Caffeine assay',
            flow_rate_ml_per_min: 1,
            run_time_min: 1,
            temperature: 30,
            injection_ul: 10,
            gradient: JSON.stringify([{ time_min: 0, percent_b: 20 }]),
            detector_single_channel: JSON.stringify({ wavelength_nm: 273 }),
            hardware_configuration: JSON.stringify(simulatedHardware),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const api = (url: string, verb: string, path: string, body?: unknown) =>
          request(url, verb, path, { token: owner.access, body });
        const sequence = await api(holderUrl, 'POST', '/api/sequences/', {
          name: 'Outlives its server',
          device_id: deviceId,
          method_id: method.id,
        });
        expect(sequence.status, sequence.text).toBe(201);
        const sequenceId = sequence.body.id as number;
        for (const vial of [1, 2]) {
          const sample = await api(holderUrl, 'POST', '/api/samples/', {
            name: `Sample ${vial}`,
            device_id: deviceId,
            method_id: method.id,
            column_name: 'C18',
          });
          expect(sample.status, sample.text).toBe(201);
          await api(holderUrl, 'POST', `/api/sequences/${sequenceId}/drafts/`, {
            sample_id: sample.body.id,
            vial,
          });
        }
        const started = await api(holderUrl, 'POST', `/api/sequences/${sequenceId}/start/`);
        expect(started.body.state, started.text).toBe('RUNNING');
        const injections = () =>
          db
            .selectFrom('injections as i')
            .innerJoin('measurements as m', 'm.injection_id', 'i.id')
            .select(['i.state', 'm.id as measurement_id', 'm.points_count'])
            .where('i.sequence_id', '=', sequenceId)
            .orderBy('i.id')
            .execute();
        await eventually(
          async () => (await injections())[0]?.state === 'running' && client.acknowledgedChunks >= 2,
          { what: 'the first injection runs and stores points' },
        );

        target = survivorUrl;
        const killedAt = Date.now();
        await stopProcess(holder.child, holder.exited, 'SIGKILL');
        await eventually(() => welcomedBySurvivorAt !== null, {
          what: 'the survivor accepts the instrument',
          deadline: 5_000,
        });
        const acceptedAfterMs = welcomedBySurvivorAt! - killedAt;
        console.log(`instrument accepted by the other process ${acceptedAfterMs} ms after the kill`);
        // Whatever the machine's time scale, sooner than the dead process's last announcement through Redis
        // would have gone stale: the survivor did not wait for it.
        expect(acceptedAfterMs).toBeLessThan(Math.min(scaled(5_000), REMOTE_FRESH_MS * 0.75));

        await eventually(
          async () =>
            (
              await db
                .selectFrom('sequences')
                .select('state')
                .where('id', '=', sequenceId)
                .executeTakeFirstOrThrow()
            ).state === 'FINISHED',
          { what: 'the survivor drives the sequence to its end', deadline: 60_000 },
        );
        const ran = await injections();
        expect(ran.map((injection) => [injection.state, injection.points_count])).toEqual([
          ['finished', 601],
          ['finished', 601],
        ]);
        for (const injection of ran) {
          const versions = await db
            .selectFrom('processing_results')
            .select('id')
            .where('measurement_id', '=', injection.measurement_id)
            .execute();
          expect(versions).toHaveLength(1);
        }
        expect(survivor.child.exitCode, survivor.output()).toBeNull();
      } finally {
        await client.stop();
        await check.close();
        for (const started of processes) await stopProcess(started.child, started.exited, 'SIGTERM');
        await redis.stop();
        for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
        await database.drop();
      }
    },
  );
  it(
    'takes over a sequence whose driver died after an injection ended unheard',
    { timeout: scaled(240_000) },
    async () => {
      const redis = await startOwnRedis();
      const shared = {
        REDIS_URL: redis.url,
        ELUENT_REDIS_PREFIX: `eluent-takeover-${randomBytes(4).toString('hex')}`,
        ELUENT_SECRET: randomBytes(32).toString('hex'),
      };
      // The survivor runs in this process (the test reads its services); it holds the instrument.
      const survivor = await startTestServer({
        backend: { name: 'postgres' },
        env: { ...shared, ELUENT_RECONCILE_INTERVAL_SEC: '1' },
      });
      const driverDir = newDataDir({ prefix: 'eluent-takeover-', pglite: false });
      const port = await freePort();
      const driverUrl = `http://127.0.0.1:${port}`;
      // The driver never reconciles: only its death can hand the sequence on.
      const driver = startProcess(
        'apps/server/src/main.ts',
        [],
        {
          ...shared,
          HOST: '127.0.0.1',
          PORT: String(port),
          ELUENT_LOG_LEVEL: 'warn',
          ELUENT_DATA_DIR: driverDir,
          DATABASE_URL: survivor.databaseUrl!,
          ELUENT_RECONCILE_INTERVAL_SEC: '3600',
        },
        /Eluent listening/,
      );
      let client: DeviceClient | undefined;
      try {
        await driver.ready;
        const owner = await signUp(survivor.baseUrl);
        const serialNumber = `UNHEARD-${randomBytes(3).toString('hex')}`;
        const pairingCode = randomBytes(6).toString('hex');
        const device = await survivor.context.services.devices.registry.provision({
          serialNumber,
          pairingCode,
          name: 'Survivor HPLC',
          ownerId: owner.id,
        });
        client = new DeviceClient({
          connect: websocketConnector(survivor.baseUrl),
          serialNumber,
          pairingCode,
          speed: 10,
          tickMs: 50,
          chunkEveryMs: 250,
        });
        client.start();
        const api = (verb: string, path: string, body?: unknown) =>
          request(driverUrl, verb, path, { token: owner.access, body });
        await eventually(
          async () => {
            const seen = await api('GET', `/api/devices/${device.id}/`);
            return seen.body.online === true && seen.body.state === 'idle';
          },
          { what: 'the driver sees the instrument of the survivor idle' },
        );
        const methodId = await storeMethod(survivor, owner.id, { run_time_min: 1 });
        const sequence = await api('POST', '/api/sequences/', {
          name: 'Unheard end',
          device_id: device.id,
          method_id: methodId,
        });
        expect(sequence.status, sequence.text).toBe(201);
        const sequenceId = sequence.body.id as number;
        for (const vial of [1, 2]) {
          const sample = await api('POST', '/api/samples/', {
            name: `Sample ${vial}`,
            device_id: device.id,
            method_id: methodId,
            column_name: 'C18',
          });
          expect(sample.status, sample.text).toBe(201);
          await api('POST', `/api/sequences/${sequenceId}/drafts/`, { sample_id: sample.body.id, vial });
        }
        const started = await api('POST', `/api/sequences/${sequenceId}/start/`);
        expect(started.body.state, started.text).toBe('RUNNING');
        const { db } = survivor.context.database;
        const injections = () =>
          db
            .selectFrom('injections as i')
            .innerJoin('measurements as m', 'm.injection_id', 'i.id')
            .select(['i.state', 'm.id as measurement_id', 'm.points_count'])
            .where('i.sequence_id', '=', sequenceId)
            .orderBy('i.id')
            .execute();
        const resultsOf = async (measurementId: number) =>
          (
            await db
              .selectFrom('processing_results')
              .select('id')
              .where('measurement_id', '=', measurementId)
              .execute()
          ).length;
        const instrument = client;
        await eventually(
          async () => (await injections())[0]?.state === 'running' && instrument.acknowledgedChunks >= 2,
          { what: 'the first injection runs and stores points' },
        );
        expect(survivor.context.database.claims.holds('sequence', sequenceId)).toBe(false);
        await redis.stop();
        const [ended] = await eventually(
          async () => {
            const rows = await injections();
            return rows[0]?.state === 'finished' && rows;
          },
          { what: 'the first injection ended on the survivor' },
        );
        await stopProcess(driver.child, driver.exited, 'SIGKILL');
        // Nobody handled that end: the survivor was refused it (the driver held the sequence), the driver
        // never heard of it (Redis was down) and never reconciled.
        expect(await resultsOf(ended!.measurement_id)).toBe(0);

        await eventually(
          async () =>
            (
              await db
                .selectFrom('sequences')
                .select('state')
                .where('id', '=', sequenceId)
                .executeTakeFirstOrThrow()
            ).state === 'FINISHED',
          { what: 'the survivor takes the sequence over and finishes it', deadline: 60_000 },
        );
        const ran = await injections();
        expect(ran.map((injection) => [injection.state, injection.points_count])).toEqual([
          ['finished', 601],
          ['finished', 601],
        ]);
        for (const injection of ran) expect(await resultsOf(injection.measurement_id)).toBe(1);
      } finally {
        await client?.stop();
        await stopProcess(driver.child, driver.exited, 'SIGKILL');
        await survivor.dispose();
        await redis.stop();
        rmSync(driverDir, { recursive: true, force: true });
      }
    },
  );
});
