// A method's pressure shut-offs through the real server and a simulated instrument on its device link: a run
// planned above the method's maximum is refused with the catalogue's words; a maximum above what the pump
// allows is refused before it reaches the instrument; a blockage during a sequence's run trips the maximum,
// the instrument stops the pump and the run, and the sequence ends in ERROR with the instrument's message
// while the injection's points so far are kept.
import { domainErrors } from '@eluent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, request, type TestServer } from '../../../test/harness.ts';
import { eventually, scaled } from '../../../test/eventually.ts';
import { startServerWithInstrument, stopServerWithInstrument } from '../../../test/server-with-instrument.ts';
import { storeMethod, type LinkedInstrument } from '../../../test/sequences-fixtures.ts';

const method = {
  name: 'Pressure check',
  flow_rate_ml_per_min: 1,
  run_time_min: 1,
  temperature: 30,
  injection_ul: 10,
  gradient: [{ time_min: 0, percent_b: 20 }],
  data_rate_hz: 10,
};

describe.each(await backends())('pressure shut-offs on $name', (backend) => {
  let server: TestServer;
  let base: string;
  let token: string;
  let userId: number;
  let instrument: LinkedInstrument;
  const api = (verb: string, path: string, body?: unknown) => request(base, verb, path, { token, body });

  beforeAll(async () => {
    ({ server, base, token, userId, instrument } = await startServerWithInstrument(backend, {
      env: { ELUENT_SIM_SPEED: '20' },
      speed: 20,
    }));
    await instrument.client.waitFor(
      () => instrument.client.instrument.componentState('detector') === 'ready',
    );
  }, scaled(120_000));
  afterAll(() => stopServerWithInstrument(server, instrument));

  it('refuses a run planned above the maximum, or with a maximum beyond the pump', async () => {
    // The simulated column runs this method well above 10 bar: a 10 bar maximum cannot hold.
    const low = await api('POST', `/api/devices/${instrument.deviceId}/run/`, {
      method: { ...method, pressure_max: 10 },
      vial: 3,
    });
    expect(low.status).toBe(409);
    expect(low.body).toEqual({
      code: 'device_pressure_above_method_max',
      detail: domainErrors.device_pressure_above_method_max,
    });
    const band = await api('POST', `/api/devices/${instrument.deviceId}/run/`, {
      method: { ...method, pressure_min: 300, pressure_max: 200 },
      vial: 3,
    });
    expect(band.status).toBe(409);
    expect(band.body.code).toBe('method_pressure_range_invalid');
    // The pump's own limit (400 bar) bounds the method's maximum: refused before anything is sent.
    const beyond = await api('POST', `/api/devices/${instrument.deviceId}/run/`, {
      method: { ...method, pressure_max: 900 },
      vial: 3,
    });
    expect(beyond.status).toBeGreaterThanOrEqual(400);
    expect(JSON.stringify(beyond.body)).toContain('400 bar');
    expect(instrument.client.instrument.run).toBeNull();
  });

  it('ends a sequence whose method is planned above its maximum, with the message, before any point', async () => {
    const methodId = await storeMethod(server, userId, { pressure_max: 10 });
    const sample = await api('POST', '/api/samples/', {
      name: 'Too tight',
      device_id: instrument.deviceId,
      method_id: methodId,
      column_name: 'C18',
    });
    const created = await api('POST', '/api/sequences/', {
      name: 'Planned above the maximum',
      device_id: instrument.deviceId,
      method_id: methodId,
    });
    const id = created.body.id as number;
    await api('POST', `/api/sequences/${id}/drafts/`, { sample_id: sample.body.id, vial: 3 });
    await api('POST', `/api/sequences/${id}/start/`);
    const ended = await eventually(
      async () => {
        const view = (await api('GET', `/api/sequences/${id}/`)).body as Record<string, unknown>;
        return ['ERROR', 'FINISHED'].includes(view.state as string) ? view : false;
      },
      { what: 'the sequence ends' },
    );
    expect(ended).toMatchObject({ state: 'ERROR', error_code: 'device_pressure_above_method_max' });
    expect(instrument.client.instrument.run).toBeNull();
    expect(instrument.client.instrument.fluidics.pumpOn).toBe(true);
  });

  it('trips on a blockage during a sequence: the run ends, the sequence errs with the message', async () => {
    const methodId = await storeMethod(server, userId, { run_time_min: 60, pressure_max: 300 });
    const sample = await api('POST', '/api/samples/', {
      name: 'Blocked',
      device_id: instrument.deviceId,
      method_id: methodId,
      column_name: 'C18',
    });
    const created = await api('POST', '/api/sequences/', {
      name: 'Blockage',
      device_id: instrument.deviceId,
      method_id: methodId,
    });
    const id = created.body.id as number;
    expect(
      (await api('POST', `/api/sequences/${id}/drafts/`, { sample_id: sample.body.id, vial: 3 })).status,
    ).toBe(201);
    expect((await api('POST', `/api/sequences/${id}/start/`)).status).toBe(200);
    await eventually(
      async () => {
        const live = server.context.services.devices.liveStatus(instrument.deviceId);
        return live?.state === 'running' && (live.run_time_sec ?? 0) > 5;
      },
      { what: 'the run records' },
    );
    // A clogged frit: twenty times the pressure, far above the method's 300 bar.
    instrument.client.instrument.setFlowRestriction(20);
    try {
      const failed = await eventually(
        async () => {
          const view = (await api('GET', `/api/sequences/${id}/`)).body as Record<string, unknown>;
          return view.state === 'ERROR' ? view : false;
        },
        { what: 'the sequence errs on the shut-off' },
      );
      expect(failed.error_code).toBe('device_pressure_max_shutoff');
      const [row] = (await api('GET', `/api/sequences/${id}/results/`)).body.injections as Array<
        Record<string, unknown>
      >;
      expect(row).toMatchObject({ measurement_state: 'failed' });
      expect(row!.points_count).toBeGreaterThan(0);
      // The pump stopped: the instrument reports it off, and says so until it is switched on again.
      await eventually(
        async () => server.context.services.devices.liveStatus(instrument.deviceId)?.pump_on === false,
        {
          what: 'the instrument reports its pump off',
        },
      );
    } finally {
      instrument.client.instrument.setFlowRestriction(1);
      instrument.client.instrument.fluidics.setPump(true);
    }
  });
});
