// Stop pressed on the instrument (POST /api/devices/{id}/stop/) while a sequence runs: the injection is not
// lost silently. The sequence pauses on it as on a lost instrument, with the same three choices; running the
// row again makes a new injection of the same replicate. Every wait is on state: the Stop is pressed once
// the injection records (its points are stored and the instrument reports its measurement).
import { domainErrors } from '@eluent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, request, type TestServer } from '../../../test/harness.ts';
import { eventually, scaled } from '../../../test/eventually.ts';
import { startServerWithInstrument, stopServerWithInstrument } from '../../../test/server-with-instrument.ts';
import { storeMethod, type LinkedInstrument } from '../../../test/sequences-fixtures.ts';

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
  }, scaled(120_000));
  afterAll(() => stopServerWithInstrument(server, instrument));

  /** A sequence of one row with two replicates of a ten-hour method (90 s at 400x), started. */
  async function startedSequence(): Promise<number> {
    const methodId = await storeMethod(server, userId, { run_time_min: 600 });
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
    const draft = await api('POST', `/api/sequences/${id}/drafts/`, {
      sample_id: sample.body.id,
      vial: 8,
      injections_count: 2,
    });
    expect(draft.status).toBe(201);
    expect((await api('POST', `/api/sequences/${id}/start/`)).status).toBe(200);
    return id;
  }

  /** Waits until the sequence's current injection records on the instrument: its points are arriving. */
  async function recording(id: number): Promise<number> {
    return eventually(
      async () => {
        const injectionId = (await api('GET', `/api/sequences/${id}/`)).body.current_injection_id as
          number | null;
        if (injectionId === null) return false;
        const measurement = await server.context.database.db
          .selectFrom('measurements')
          .select('id')
          .where('injection_id', '=', injectionId)
          .executeTakeFirst();
        if (!measurement) return false;
        const live = server.context.services.devices.liveStatus(instrument.deviceId);
        if (live?.state !== 'running' || live.measurement_id !== measurement.id) return false;
        const chunks = await server.context.database.db
          .selectFrom('measurement_chunks')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('measurement_id', '=', measurement.id)
          .executeTakeFirstOrThrow();
        return Number(chunks.n) > 0 && injectionId;
      },
      { what: 'the current injection records on the instrument' },
    );
  }

  async function stateOf(id: number): Promise<string> {
    return (await api('GET', `/api/sequences/${id}/`)).body.state as string;
  }

  async function injectionsOf(id: number): Promise<Array<Record<string, unknown>>> {
    return (await api('GET', `/api/sequences/${id}/results/`)).body.injections as Array<
      Record<string, unknown>
    >;
  }

  it('pauses the sequence on the stopped injection, which the row can run again', async () => {
    const id = await startedSequence();
    const injectionId = await recording(id);

    const stopped = await api('POST', `/api/devices/${instrument.deviceId}/stop/`);
    expect(stopped.status).toBe(200);

    await eventually(async () => (await stateOf(id)) !== 'RUNNING', { what: 'the sequence leaves RUNNING' });
    const view = await api('GET', `/api/sequences/${id}/`);
    expect(view.body.state).toBe('PAUSED');
    expect(view.body.current_injection_id).toBe(injectionId);
    expect(view.body.interruption).toMatchObject({
      replicate: 1,
      reason: 'injection_interrupted_operator_stop',
      detail: domainErrors.injection_interrupted_operator_stop,
    });
    const results = await injectionsOf(id);
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({
      injection_state: 'interrupted',
      interrupted_reason: 'injection_interrupted_operator_stop',
    });
    // A plain resume would not say which way the run goes on.
    expect((await api('POST', `/api/sequences/${id}/resume/`)).body.code).toBe('sequence_interrupted');

    // Run the row again: a new injection of replicate 1; then stop the sequence.
    await eventually(
      async () => server.context.services.devices.liveStatus(instrument.deviceId)?.state === 'idle',
      { what: 'the instrument is idle' },
    );
    const requeued = await api('POST', `/api/sequences/${id}/requeue/`);
    expect(requeued.status).toBe(200);
    expect(requeued.body.state).toBe('RUNNING');
    const again = await eventually(
      async () => {
        const rows = await injectionsOf(id);
        return rows.length === 2 ? rows : false;
      },
      { what: 'the row runs again' },
    );
    expect(again.map((row) => row.replicate)).toEqual([1, 1]);
    expect((await api('POST', `/api/sequences/${id}/stop/`)).status).toBe(200);
    await eventually(
      async () => server.context.services.devices.liveStatus(instrument.deviceId)?.state === 'idle',
      { what: 'the instrument is idle after the sequence stop' },
    );
  });

  it('a sequence paused with its run held stays paused when that run is stopped on the instrument', async () => {
    const id = await startedSequence();
    const injectionId = await recording(id);
    const paused = await api('POST', `/api/sequences/${id}/pause/`);
    expect(paused.status).toBe(200);
    expect(paused.body.state).toBe('PAUSED');
    await eventually(
      async () => server.context.services.devices.liveStatus(instrument.deviceId)?.state === 'paused',
      { what: 'the instrument holds the run' },
    );

    expect((await api('POST', `/api/devices/${instrument.deviceId}/stop/`)).status).toBe(200);

    // The held run is not taken as done: Resume asks which way to go on instead of skipping the replicate.
    const view = await eventually(
      async () => {
        const body = (await api('GET', `/api/sequences/${id}/`)).body as Record<string, unknown>;
        return body.interruption ? body : false;
      },
      { what: 'the stopped injection is interrupted' },
    );
    expect(view).toMatchObject({
      state: 'PAUSED',
      current_injection_id: injectionId,
      interruption: { replicate: 1, reason: 'injection_interrupted_operator_stop' },
    });
    expect((await api('POST', `/api/sequences/${id}/resume/`)).body.code).toBe('sequence_interrupted');
    expect(await injectionsOf(id)).toHaveLength(1);
    expect((await api('POST', `/api/sequences/${id}/stop/`)).status).toBe(200);
  });
});
