// Stop pressed on the instrument (POST /api/devices/{id}/stop/) while a sequence runs: the injection is not
// lost silently. The sequence pauses on it as on a lost instrument, with the same three choices; running the
// row again makes a new injection of the same replicate.
import { domainErrors } from '@eluent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, request, type TestServer } from '../../../test/harness.ts';
import { startServerWithInstrument, stopServerWithInstrument } from '../../../test/server-with-instrument.ts';
import { storeMethod, until, type LinkedInstrument } from '../../../test/sequences-fixtures.ts';

describe.each(await backends())('an operator stop inside a sequence on $name', (backend) => {
  let server: TestServer;
  let base: string;
  let token: string;
  let userId: number;
  let instrument: LinkedInstrument;
  const api = (method: string, path: string, body?: unknown) => request(base, method, path, { token, body });

  beforeAll(async () => {
    ({ server, base, token, userId, instrument } = await startServerWithInstrument(backend, {
      env: { ELUENT_SIM_SPEED: '400' },
      speed: 400,
    }));
  }, 120_000);
  afterAll(() => stopServerWithInstrument(server, instrument));

  it('pauses the sequence on the stopped injection, which the row can run again', async () => {
    // An hour-long method (9 s at 400x): the stop lands inside the first injection.
    const methodId = await storeMethod(server, userId, { run_time_min: 60 });
    const sample = await api('POST', '/api/samples/', {
      name: 'Coffee',
      device_id: instrument.deviceId,
      method_id: methodId,
      column_name: 'C18',
    });
    expect(sample.status).toBe(201);
    const created = await api('POST', '/api/sequences/', {
      name: 'Replicates',
      device_id: instrument.deviceId,
      method_id: methodId,
    });
    const id = created.body.id as number;
    expect(
      (
        await api('POST', `/api/sequences/${id}/drafts/`, {
          sample_id: sample.body.id,
          vial: 8,
          injections_count: 2,
        })
      ).status,
    ).toBe(201);
    expect((await api('POST', `/api/sequences/${id}/start/`)).status).toBe(200);
    await until(async () => (await api('GET', `/api/sequences/${id}/`)).body.current_injection_id !== null);
    await until(() => server.context.services.devices.liveStatus(instrument.deviceId)?.state === 'running');

    const stopped = await api('POST', `/api/devices/${instrument.deviceId}/stop/`);
    expect(stopped.status).toBe(200);

    await until(async () => (await api('GET', `/api/sequences/${id}/`)).body.state !== 'RUNNING');
    const view = await api('GET', `/api/sequences/${id}/`);
    expect(view.body.state).toBe('PAUSED');
    expect(view.body.interruption).toMatchObject({
      replicate: 1,
      reason: 'injection_interrupted_operator_stop',
      detail: domainErrors.injection_interrupted_operator_stop,
    });
    const results = await api('GET', `/api/sequences/${id}/results/`);
    expect(results.body.injections).toHaveLength(1);
    expect(results.body.injections[0]).toMatchObject({
      injection_state: 'interrupted',
      interrupted_reason: 'injection_interrupted_operator_stop',
    });
    // A plain resume would not say which way the run goes on.
    expect((await api('POST', `/api/sequences/${id}/resume/`)).body.code).toBe('sequence_interrupted');

    // Run the row again: a new injection of replicate 1; then stop the sequence.
    await until(() => server.context.services.devices.liveStatus(instrument.deviceId)?.state === 'idle');
    const requeued = await api('POST', `/api/sequences/${id}/requeue/`);
    expect(requeued.status).toBe(200);
    expect(requeued.body.state).toBe('RUNNING');
    await until(async () => {
      const rows = (await api('GET', `/api/sequences/${id}/results/`)).body.injections as unknown[];
      return rows.length === 2;
    });
    const again = (await api('GET', `/api/sequences/${id}/results/`)).body.injections as Array<{
      replicate: number;
    }>;
    expect(again.map((row) => row.replicate)).toEqual([1, 1]);
    expect((await api('POST', `/api/sequences/${id}/stop/`)).status).toBe(200);
  });
});
