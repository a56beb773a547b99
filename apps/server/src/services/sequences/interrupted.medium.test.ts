// Interrupted injections on a lost instrument (docs/sequences.md "Interrupted injections"): a simulated
// instrument is powered off in the middle of an injection; the injection is kept with its points and a
// reason, the sequence pauses, and the user re-queues the row or stops. Then the run protection rules.
import { randomUUID } from 'node:crypto';
import { domainErrors, type DomainErrorCode } from '@eluent/contracts';
import { DeviceClient } from '@eluent/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, request, type TestServer } from '../../../test/harness.ts';
import { startServerWithInstrument, stopServerWithInstrument } from '../../../test/server-with-instrument.ts';
import { storeMethod, type LinkedInstrument } from '../../../test/sequences-fixtures.ts';
import { eventually, pacedSpeed, scaled } from '../../../test/eventually.ts';
import { inProcessConnector } from '../../transports/device-link/in-process.ts';
import { workspaceOf } from '../../../test/workspaces.ts';

const RUN_TIME_MIN = 2;
/**
 * The instrument's speed while an injection must still be running when the test acts (a 6 s window on the
 * development machine, longer on a slower one: `pacedSpeed`).
 */
const SPEED = 20;
/** The speed of an instrument powered on again: the runs after an interruption only have to finish. */
const SPEED_AFTER = 80;
const POINTS = RUN_TIME_MIN * 600 + 1;

function expectError(response: { status: number; body: any }, status: number, code: DomainErrorCode) {
  expect(response.body).toMatchObject({ code, detail: domainErrors[code] });
  expect(response.status).toBe(status);
}

describe.each(await backends())('interrupted injections on $name', (backend) => {
  let server: TestServer;
  let token: string;
  let userId: number;
  let instrument: LinkedInstrument;
  let methodId: number;
  let sampleId: number;
  const api = (method: string, path: string, body?: unknown) =>
    request(server.baseUrl, method, path, { token, body });

  beforeAll(async () => {
    ({ server, token, userId, instrument } = await startServerWithInstrument(backend, {
      env: { ELUENT_INSTRUMENT_LOST_SEC: '1', ELUENT_RUN_DELIVERY_GRACE_SEC: '1' },
      speed: pacedSpeed(SPEED),
    }));
    methodId = await storeMethod(server, userId, { run_time_min: RUN_TIME_MIN });
    const sample = await api('POST', '/api/samples/', {
      name: 'Tea',
      device_id: instrument.deviceId,
      method_id: methodId,
      column_name: 'C18',
    });
    sampleId = sample.body.id as number;
  });
  afterAll(() => stopServerWithInstrument(server, instrument));

  async function sequence(rows: Array<{ vial: number; injections_count?: number }>): Promise<number> {
    const created = await api('POST', '/api/sequences/', {
      name: `Interrupted ${randomUUID().slice(0, 6)}`,
      device_id: instrument.deviceId,
      method_id: methodId,
    });
    for (const row of rows) {
      expect(
        (await api('POST', `/api/sequences/${created.body.id}/drafts/`, { sample_id: sampleId, ...row }))
          .status,
      ).toBe(201);
    }
    return created.body.id as number;
  }

  /** Waits until the given injection of the run is recording with points stored. */
  async function recording(id: number, index: number): Promise<void> {
    await eventually(async () => {
      const { injections } = (await api('GET', `/api/sequences/${id}/results/`)).body;
      const injection = injections[index];
      if (injection?.measurement_state !== 'recording') return false;
      const data = await api('GET', `/api/measurements/${injection.measurement_id}/data/`);
      return data.body.signal?.length > 20;
    });
  }

  /** Powers the instrument off (its run is lost with it). */
  async function powerOff(): Promise<void> {
    await instrument.client.stop();
  }

  /** Powers a fresh instrument on under the same serial number: idle, without the lost run. */
  async function powerOn(speed = SPEED_AFTER): Promise<void> {
    const service = server.context.services.devices;
    const old = instrument.client;
    const client = new DeviceClient({
      connect: inProcessConnector(service),
      serialNumber: old.instrument.serialNumber,
      pairingCode: 'unused',
      credential: old.credential,
      speed,
      tickMs: 50,
    });
    client.start();
    instrument = { deviceId: instrument.deviceId, client };
    await eventually(() => service.liveStatus(instrument.deviceId)?.state === 'idle');
  }

  async function interrupted(id: number) {
    await eventually(async () => (await api('GET', `/api/sequences/${id}/`)).body.interruption !== null);
    return (await api('GET', `/api/sequences/${id}/`)).body;
  }

  async function ended(id: number) {
    await eventually(async () =>
      ['FINISHED', 'ERROR', 'STOPPED'].includes((await api('GET', `/api/sequences/${id}/`)).body.state),
    );
    return (await api('GET', `/api/sequences/${id}/`)).body;
  }

  it(
    'keeps a lost injection with its points and reason, and re-queues its row',
    { timeout: scaled(120_000) },
    async () => {
      const id = await sequence([{ vial: 3, injections_count: 2 }, { vial: 4 }]);
      expect((await api('POST', `/api/sequences/${id}/start/`)).status).toBe(200);
      await recording(id, 1);
      await powerOff();

      const paused = await interrupted(id);
      expect(paused.state).toBe('PAUSED');
      expect(paused.interruption).toMatchObject({
        replicate: 2,
        reason: 'injection_interrupted_instrument_lost',
        detail: domainErrors.injection_interrupted_instrument_lost,
      });
      expect(paused.interruption.points_count).toBeGreaterThan(20);
      expect(paused.interruption.points_count).toBeLessThan(POINTS);
      const lost = (await api('GET', `/api/sequences/${id}/results/`)).body.injections[1];
      expect(lost).toMatchObject({
        injection_state: 'interrupted',
        interrupted_reason: 'injection_interrupted_instrument_lost',
        measurement_state: 'failed',
        points_count: paused.interruption.points_count,
      });
      const kept = await api('GET', `/api/measurements/${lost.measurement_id}/data/`);
      expect(kept.body.signal).toHaveLength(paused.interruption.points_count);

      // Plain resume cannot guess what the user wants; neither action runs on an offline instrument.
      expectError(await api('POST', `/api/sequences/${id}/resume/`), 409, 'sequence_interrupted');
      expectError(await api('POST', `/api/sequences/${id}/requeue/`), 409, 'sequence_device_offline');
      await powerOn();
      const requeued = await api('POST', `/api/sequences/${id}/requeue/`);
      expect(requeued.status).toBe(200);
      expect(requeued.body.state, JSON.stringify(requeued.body.error_code)).toBe('RUNNING');
      expect(requeued.body.interruption).toBeNull();
      expectError(await api('POST', `/api/sequences/${id}/continue/`), 409, 'sequence_not_interrupted');

      expect((await ended(id)).state).toBe('FINISHED');
      const { injections } = (await api('GET', `/api/sequences/${id}/results/`)).body;
      expect(injections.map((i: any) => [i.replicate, i.injection_state])).toEqual([
        [1, 'finished'],
        [2, 'interrupted'],
        [2, 'finished'],
        [1, 'finished'],
      ]);
      for (const injection of injections.filter((i: any) => i.injection_state === 'finished')) {
        expect(injection.points_count).toBe(POINTS);
        expect(injection.result).not.toBeNull();
      }
    },
  );

  it('stops an interrupted run, which can then start again', { timeout: scaled(120_000) }, async () => {
    // Back to SPEED: the quick power cycle below must land while the first injection runs.
    await powerOff();
    await powerOn(pacedSpeed(SPEED));
    const id = await sequence([{ vial: 5, injections_count: 2 }]);
    expect((await api('POST', `/api/sequences/${id}/start/`)).status).toBe(200);
    await recording(id, 0);
    // A quick power cycle: the instrument comes back at once, idle, without the run.
    await powerOff();
    await powerOn();
    const paused = await interrupted(id);
    expect(paused.interruption.reason).toBe('injection_interrupted_instrument_reset');

    const stopped = await api('POST', `/api/sequences/${id}/stop/`);
    expect(stopped.body.state).toBe('STOPPED');
    expect(stopped.body.interruption).toBeNull();
    expectError(await api('POST', `/api/sequences/${id}/continue/`), 409, 'sequence_not_interrupted');
    const again = await api('POST', `/api/sequences/${id}/start/`);
    expect(again.status).toBe(200);
    expect((await ended(id)).state).toBe('FINISHED');
    const states = (await api('GET', `/api/sequences/${id}/results/`)).body.injections.map(
      (i: any) => i.injection_state,
    );
    expect(states).toEqual(['interrupted', 'finished', 'finished']);
  });

  it(
    'locks rows that ran and the running row, and the settings of an active run',
    { timeout: scaled(120_000) },
    async () => {
      const otherMethod = await storeMethod(server, userId, { run_time_min: RUN_TIME_MIN, name: 'Other' });
      const template = await server.context.database.db
        .insertInto('postprocessingTemplates')
        .values({
          uuid: randomUUID(),
          owner_id: userId,
          workspace_id: await workspaceOf(server.context.database.db, userId),
          name: 'Locked template',
        })
        .returning('uuid')
        .executeTakeFirstOrThrow();
      // The instrument runs at SPEED again: the checks below act while the first injection runs.
      await powerOff();
      await powerOn(pacedSpeed(SPEED));
      const id = await sequence([{ vial: 6 }, { vial: 7 }, { vial: 8 }]);
      expect((await api('POST', `/api/sequences/${id}/start/`)).status).toBe(200);
      await recording(id, 0);
      // The instrument's page names the sequence and sample it runs.
      const device = (await api('GET', `/api/devices/${instrument.deviceId}/`)).body;
      expect(device.sequence_run).toMatchObject({
        sequence_id: id,
        state: 'RUNNING',
        sample_name: 'Tea',
        replicate: 1,
      });
      const view = (await api('GET', `/api/sequences/${id}/`)).body;
      const [running, next, last] = view.drafts as Array<{ id: number; locked: boolean }>;
      expect(view.drafts.map((d: { locked: boolean }) => d.locked)).toEqual([true, false, false]);

      const path = `/api/sequences/${id}`;
      expectError(
        await api('PATCH', `${path}/`, { method_id: otherMethod }),
        409,
        'sequence_running_method_locked',
      );
      expectError(
        await api('PATCH', `${path}/`, { template_uuid: template.uuid }),
        409,
        'sequence_running_template_locked',
      );
      expect((await api('PATCH', `${path}/`, { name: 'Renamed while running' })).status).toBe(200);
      expectError(await api('PATCH', `${path}/drafts/${running!.id}/`, { vial: 9 }), 409, 'draft_locked');
      expectError(
        await api('PUT', `${path}/drafts/`, { drafts: [{ id: running!.id, enabled: false }] }),
        409,
        'draft_locked',
      );
      expectError(await api('DELETE', `${path}/drafts/${running!.id}/`), 409, 'draft_locked');
      expectError(
        await api('POST', `${path}/drafts/order/`, { draft_ids: [next!.id, running!.id, last!.id] }),
        409,
        'draft_locked',
      );
      // Rows not yet run stay editable and movable behind the locked ones.
      expect((await api('PATCH', `${path}/drafts/${next!.id}/`, { vial: 9 })).status).toBe(200);
      expect(
        (await api('POST', `${path}/drafts/order/`, { draft_ids: [running!.id, last!.id, next!.id] })).status,
      ).toBe(200);

      expect((await ended(id)).state).toBe('FINISHED');
      expect((await api('GET', `/api/devices/${instrument.deviceId}/`)).body.sequence_run).toBeNull();
      const done = (await api('GET', `${path}/`)).body;
      expect(done.drafts.every((d: { locked: boolean }) => d.locked)).toBe(true);
      expectError(await api('DELETE', `${path}/drafts/${last!.id}/`), 409, 'draft_locked');
      // Settings are free again once the run is over.
      expect((await api('PATCH', `${path}/`, { method_id: otherMethod })).status).toBe(200);
    },
  );
});
