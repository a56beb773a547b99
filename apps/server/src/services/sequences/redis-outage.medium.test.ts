// Two server processes on one PostgreSQL database and a Redis of the test's own. The first drives a running
// sequence; the instrument is connected to the second, so the end of each injection reaches the driver only
// as a notice relayed through Redis. Redis is stopped while an injection runs: the notice is lost, and the
// driver's reconciler, reading the database, handles the finished injection anyway. When Redis comes back
// the sequence goes on (its next injection is sent through Redis); when it never comes back and nothing
// is left to inject, the reconciler finishes the sequence.
import { randomBytes } from 'node:crypto';
import { DeviceClient, websocketConnector } from '@eluent/simulator';
import { afterEach, describe, expect, it } from 'vitest';
import {
  postgresReachable,
  request,
  signUp,
  startTestServer,
  type TestServer,
} from '../../../test/harness.ts';
import { eventually, scaled } from '../../../test/eventually.ts';
import { startOwnRedis, type OwnRedis } from '../../../test/redis-server.ts';
import { storeMethod } from '../../../test/sequences-fixtures.ts';

const postgres = await postgresReachable();
const redisInstalled = await import('node:child_process').then(
  ({ spawnSync }) => spawnSync('redis-server', ['--version']).status === 0,
);

interface Setup {
  redis: OwnRedis;
  first: TestServer;
  second: TestServer;
  client: DeviceClient;
  api: (method: string, path: string, body?: unknown) => ReturnType<typeof request>;
  sequenceId: number;
  deviceId: number;
}

let cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step().catch(() => undefined);
  cleanup = [];
});

/** A running sequence of `drafts` rows driven by the first process on an instrument held by the second. */
async function runningSequence(drafts: number): Promise<Setup> {
  const redis = await startOwnRedis();
  cleanup.push(() => redis.stop());
  const shared = {
    REDIS_URL: redis.url,
    ELUENT_REDIS_PREFIX: `eluent-outage-${randomBytes(4).toString('hex')}`,
    ELUENT_SECRET: randomBytes(32).toString('hex'),
  };
  const first = await startTestServer({
    backend: { name: 'postgres' },
    env: { ...shared, ELUENT_RECONCILE_INTERVAL_SEC: '1' },
  });
  cleanup.push(() => first.dispose());
  // The second process reconciles rarely, so the sequence stays with the process that started it (a
  // reconciler may take over a RUNNING sequence whose claim is free for an instant after its start).
  const second = await startTestServer({
    backend: { name: 'postgres' },
    env: { ...shared, ELUENT_RECONCILE_INTERVAL_SEC: '3600' },
    reuse: { dataDir: first.dataDir, databaseUrl: first.databaseUrl },
  });
  cleanup.push(() => second.stop());
  const owner = await signUp(first.baseUrl);
  const serialNumber = `OUTAGE-${randomBytes(3).toString('hex')}`;
  const pairingCode = randomBytes(6).toString('hex');
  const device = await first.context.services.devices.registry.provision({
    serialNumber,
    pairingCode,
    name: 'Outage HPLC',
    ownerId: owner.id,
  });
  const client = new DeviceClient({
    connect: websocketConnector(second.baseUrl),
    serialNumber,
    pairingCode,
    speed: 10,
    tickMs: 50,
    chunkEveryMs: 250,
  });
  client.start();
  cleanup.push(() => client.stop());
  await eventually(() => first.context.services.devices.liveStatus(device.id)?.state === 'idle', {
    what: 'the first process sees the instrument of the second idle',
  });
  const methodId = await storeMethod(first, owner.id, { run_time_min: 1 });
  const api = (method: string, path: string, body?: unknown) =>
    request(first.baseUrl, method, path, { token: owner.access, body });
  const sequence = await api('POST', '/api/sequences/', {
    name: 'Through an outage',
    device_id: device.id,
    method_id: methodId,
  });
  expect(sequence.status, sequence.text).toBe(201);
  const sequenceId = sequence.body.id as number;
  for (let vial = 1; vial <= drafts; vial++) {
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
  await eventually(() => first.context.database.claims.holds('sequence', sequenceId), {
    what: 'the first process drives the sequence',
  });
  return { redis, first, second, client, api, sequenceId, deviceId: device.id };
}

async function injectionsOf({ first, sequenceId }: Setup) {
  return first.context.database.db
    .selectFrom('injections as i')
    .innerJoin('measurements as m', 'm.injection_id', 'i.id')
    .select(['i.id', 'i.state', 'm.id as measurement_id', 'm.state as measurement_state'])
    .where('i.sequence_id', '=', sequenceId)
    .orderBy('i.id')
    .execute();
}

/** Stored result versions of a measurement. */
async function resultsOf({ first }: Setup, measurementId: number): Promise<number> {
  const rows = await first.context.database.db
    .selectFrom('processing_results')
    .select('id')
    .where('measurement_id', '=', measurementId)
    .execute();
  return rows.length;
}

async function sequenceState({ first, sequenceId }: Setup) {
  const row = await first.context.database.db
    .selectFrom('sequences')
    .select('state')
    .where('id', '=', sequenceId)
    .executeTakeFirstOrThrow();
  return row.state;
}

/** Stops Redis once the first injection has stored points, and waits until it has finished. */
async function outageDuringFirstInjection(setup: Setup): Promise<number> {
  await eventually(
    async () => {
      const [injection] = await injectionsOf(setup);
      return injection && setup.client.acknowledgedChunks >= 2 && injection.state === 'running';
    },
    { what: 'the first injection runs and stores points' },
  );
  await setup.redis.stop();
  const finished = await eventually(
    async () => {
      const [injection] = await injectionsOf(setup);
      return injection?.state === 'finished' && injection;
    },
    { what: 'the first injection finished on the second process' },
  );
  return finished.measurement_id;
}

describe.runIf(postgres && redisInstalled)('a running sequence through a Redis outage', () => {
  it(
    'handles the finished injection while Redis is down and goes on once Redis is back',
    { timeout: scaled(180_000) },
    async () => {
      const setup = await runningSequence(2);
      const { first, redis } = setup;
      const measurementId = await outageDuringFirstInjection(setup);
      // The finish notice was lost with Redis; the reconciler of the driving process processes it.
      await eventually(async () => (await resultsOf(setup, measurementId)) === 1, {
        what: 'the finished injection has its result while Redis is down',
      });
      expect(redis.running).toBe(false);
      // The outage lasts until the driver has lost sight of the instrument (its last announcement is too
      // old, about 16 s): then nothing but Redis's return can get the next injection to the instrument.
      await eventually(() => !first.context.services.devices.isOnline(setup.deviceId), {
        what: 'the first process no longer sees the instrument',
      });
      expect(await sequenceState(setup)).toBe('RUNNING');
      expect(await injectionsOf(setup)).toHaveLength(1);

      await redis.start();
      const back = Date.now();
      await eventually(async () => (await injectionsOf(setup)).length === 2, {
        what: 'the second injection starts after Redis is back',
        deadline: 15_000,
      });
      const wentOnAfterMs = Date.now() - back;
      console.log(`sequence went on ${wentOnAfterMs} ms after Redis came back`);
      expect(wentOnAfterMs).toBeLessThan(scaled(15_000));
      await eventually(async () => (await sequenceState(setup)) === 'FINISHED', {
        what: 'the sequence finishes',
        deadline: 60_000,
      });
      const injections = await injectionsOf(setup);
      expect(injections.map((injection) => injection.state)).toEqual(['finished', 'finished']);
      for (const injection of injections) expect(await resultsOf(setup, injection.measurement_id)).toBe(1);
    },
  );

  it('finishes the sequence while Redis stays down', { timeout: scaled(120_000) }, async () => {
    const setup = await runningSequence(1);
    const { first, redis, sequenceId } = setup;
    const measurementId = await outageDuringFirstInjection(setup);
    await eventually(async () => (await sequenceState(setup)) === 'FINISHED', {
      what: 'the reconciler finishes the sequence without Redis',
    });
    expect(redis.running).toBe(false);
    const finishes = await first.context.database.db
      .selectFrom('auditEvents')
      .select('action')
      .where('entity', '=', 'sequences')
      .where('entity_id', '=', String(sequenceId))
      .where('action', '=', 'finish')
      .execute();
    expect(finishes).toHaveLength(1);
    expect(await resultsOf(setup, measurementId)).toBe(1);
    // A process stopped while Redis is away does not wait for it (a guard against a hang: it waited 20 s
    // for its device cluster's QUIT to go through the reconnect attempts).
    const stopping = Date.now();
    await setup.second.stop();
    expect(Date.now() - stopping).toBeLessThan(scaled(10_000));
  });
});
