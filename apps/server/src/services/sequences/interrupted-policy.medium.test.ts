// The method's policy on an interrupted injection (docs/sequences.md "Interrupted injections"), with Stop
// pressed on the simulated instrument while a sequence runs: `skip` marks the injection interrupted and
// goes on with the next row; `reinject_once` runs the row again once and pauses when it is interrupted
// again; and `skip` for an instrument lost mid-run (powered off, then on again). `pause` (the default) is
// operator-stop.medium.test.ts and interrupted.medium.test.ts. Every wait is on state.
import { DeviceClient } from '@eluent/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, request, type TestServer } from '../../../test/harness.ts';
import { eventually, scaled } from '../../../test/eventually.ts';
import { startServerWithInstrument, stopServerWithInstrument } from '../../../test/server-with-instrument.ts';
import { storeMethod, type LinkedInstrument } from '../../../test/sequences-fixtures.ts';
import { inProcessConnector } from '../../transports/device-link/in-process.ts';

describe.each(await backends())('the interrupted-injection policy on $name', (backend) => {
  let server: TestServer;
  let base: string;
  let token: string;
  let userId: number;
  let instrument: LinkedInstrument;
  const api = (method: string, path: string, body?: unknown) => request(base, method, path, { token, body });

  beforeAll(async () => {
    ({ server, base, token, userId, instrument } = await startServerWithInstrument(backend, {
      // A lost instrument is given up after 1 s, its buffered points after 1 s more.
      env: { ELUENT_SIM_SPEED: '400', ELUENT_INSTRUMENT_LOST_SEC: '1', ELUENT_RUN_DELIVERY_GRACE_SEC: '1' },
      speed: 400,
    }));
  }, scaled(120_000));
  afterAll(() => stopServerWithInstrument(server, instrument));

  /** A sequence of one row with two replicates of a ten-hour method (90 s at 400x), started. */
  async function startedSequence(policy: string): Promise<number> {
    const methodId = await storeMethod(server, userId, {
      run_time_min: 600,
      on_interrupted_injection: policy,
    });
    const sample = await api('POST', '/api/samples/', {
      name: 'Coffee',
      device_id: instrument.deviceId,
      method_id: methodId,
      column_name: 'C18',
    });
    const created = await api('POST', '/api/sequences/', {
      name: `Policy ${policy}`,
      device_id: instrument.deviceId,
      method_id: methodId,
    });
    const id = created.body.id as number;
    const draft = await api('POST', `/api/sequences/${id}/drafts/`, {
      sample_id: sample.body.id,
      vial: 8,
      injections_count: 2,
    });
    expect(draft.status).toBe(201);
    expect((await api('POST', `/api/sequences/${id}/start/`)).status).toBe(200);
    return id;
  }

  async function injectionsOf(id: number): Promise<Array<Record<string, unknown>>> {
    return (await api('GET', `/api/sequences/${id}/results/`)).body.injections as Array<
      Record<string, unknown>
    >;
  }

  /** Waits until the run's `count`-th injection records on the instrument, then presses Stop on it. */
  async function stopInjection(id: number, count: number): Promise<void> {
    await eventually(
      async () => {
        const rows = await injectionsOf(id);
        const live = server.context.services.devices.liveStatus(instrument.deviceId);
        const current = rows[count - 1];
        return (
          rows.length === count &&
          live?.state === 'running' &&
          current !== undefined &&
          live.measurement_id === current.measurement_id
        );
      },
      { what: `injection ${count} records on the instrument` },
    );
    expect((await api('POST', `/api/devices/${instrument.deviceId}/stop/`)).status).toBe(200);
  }

  async function stopSequence(id: number): Promise<void> {
    expect((await api('POST', `/api/sequences/${id}/stop/`)).status).toBe(200);
    await eventually(
      async () => server.context.services.devices.liveStatus(instrument.deviceId)?.state === 'idle',
      { what: 'the instrument is idle after the sequence stop' },
    );
  }

  it('skip: marks the injection interrupted and goes on with the next replicate', async () => {
    const id = await startedSequence('skip');
    await stopInjection(id, 1);
    const rows = await eventually(
      async () => {
        const all = await injectionsOf(id);
        return all.length === 2 ? all : false;
      },
      { what: 'the next replicate starts' },
    );
    expect(rows.map((row) => [row.replicate, row.injection_state])).toEqual([
      [1, 'interrupted'],
      [2, 'running'],
    ]);
    expect(rows[0]).toMatchObject({ interrupted_reason: 'injection_interrupted_operator_stop' });
    const view = (await api('GET', `/api/sequences/${id}/`)).body;
    expect(view).toMatchObject({ state: 'RUNNING', interruption: null });
    await stopSequence(id);
  });

  it('reinject_once: runs the row again once, then pauses when it is interrupted again', async () => {
    const id = await startedSequence('reinject_once');
    await stopInjection(id, 1);
    await stopInjection(id, 2);
    const view = await eventually(
      async () => {
        const body = (await api('GET', `/api/sequences/${id}/`)).body as Record<string, unknown>;
        return body.state === 'PAUSED' && body;
      },
      { what: 'the sequence pauses on the second interruption' },
    );
    expect(view.interruption).toMatchObject({ replicate: 1, reason: 'injection_interrupted_operator_stop' });
    const rows = await injectionsOf(id);
    expect(rows.map((row) => [row.replicate, row.injection_state])).toEqual([
      [1, 'interrupted'],
      [1, 'interrupted'],
    ]);
    await stopSequence(id);
  });

  /** Powers a fresh instrument on under the same serial number: idle, without the lost run. */
  async function powerOn(): Promise<void> {
    const service = server.context.services.devices;
    const old = instrument.client;
    const client = new DeviceClient({
      connect: inProcessConnector(service),
      serialNumber: old.instrument.serialNumber,
      pairingCode: 'unused',
      credential: old.credential,
      speed: 400,
      tickMs: 50,
    });
    client.start();
    instrument = { deviceId: instrument.deviceId, client };
    await eventually(() => service.liveStatus(instrument.deviceId)?.state === 'idle', {
      what: 'the instrument is back and idle',
    });
  }

  it('skip on a lost instrument: the injection is interrupted and the next replicate runs once it is back', async () => {
    const id = await startedSequence('skip');
    await eventually(
      async () => {
        const rows = await injectionsOf(id);
        return rows[0]?.measurement_state === 'recording' && Number(rows[0].points_count ?? 0) >= 0;
      },
      { what: 'the first injection records' },
    );
    await instrument.client.stop();
    const lost = await eventually(
      async () => {
        const rows = await injectionsOf(id);
        return rows[0]?.injection_state === 'interrupted' && rows[0];
      },
      { what: 'the injection on the lost instrument is interrupted' },
    );
    expect(lost).toMatchObject({ interrupted_reason: 'injection_interrupted_instrument_lost' });
    expect((await api('GET', `/api/sequences/${id}/`)).body).toMatchObject({
      state: 'RUNNING',
      interruption: null,
    });
    await powerOn();
    const rows = await eventually(
      async () => {
        const all = await injectionsOf(id);
        return all.length === 2 && all;
      },
      { what: 'the next replicate starts on the instrument back' },
    );
    // The next replicate ran: still running, or (on a slow machine, where the read comes late) already done.
    expect(rows.map((row) => [row.replicate, row.injection_state])).toEqual([
      [1, 'interrupted'],
      [2, expect.stringMatching(/^(running|finished)$/)],
    ]);
    await stopSequence(id);
  });
});
