// The sequence reconciler on both databases, one process: no notice of a finished injection reaches the
// sequence runner (as when Redis loses it between two processes), yet the sequence runs to its end, driven
// by the reconciler reading the database: each ended injection gets its result once, then the next one runs.
// A run started outside a sequence gets its result the same way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, request, type TestServer } from '../../../test/harness.ts';
import { startServerWithInstrument, stopServerWithInstrument } from '../../../test/server-with-instrument.ts';
import { storeMethod, type LinkedInstrument } from '../../../test/sequences-fixtures.ts';
import { eventually, scaled } from '../../../test/eventually.ts';

describe.each(await backends('both'))('the sequence reconciler on $name', (backend) => {
  let server: TestServer;
  let token: string;
  let instrument: LinkedInstrument;
  let methodId: number;

  beforeAll(async () => {
    let userId: number;
    ({ server, token, userId, instrument } = await startServerWithInstrument(backend, {
      speed: 20,
      env: { ELUENT_RECONCILE_INTERVAL_SEC: '0.5' },
    }));
    methodId = await storeMethod(server, userId, { run_time_min: 1 });
  });
  afterAll(() => stopServerWithInstrument(server, instrument));

  /** Every notice of a finished injection is dropped before the runner hears it. */
  const dropFinishNotices = () => server.context.services.devices.removeAllListeners('injectionFinished');

  it(
    'processes a run started outside a sequence without its finish notice',
    { timeout: scaled(60_000) },
    async () => {
      dropFinishNotices();
      await eventually(() => instrument.client.instrument.componentState('detector') === 'ready', {
        what: 'the detector warmed up',
      });
      const run = await request(server.baseUrl, 'POST', `/api/devices/${instrument.deviceId}/run/`, {
        token,
        body: {
          method: { flow_rate_ml_per_min: 1, run_time_min: 1, gradient: [{ time_min: 0, percent_b: 20 }] },
          vial: 3,
        },
      });
      expect(run.status, run.text).toBe(201);
      const measurementId = run.body.measurement_id as number;
      const results = () =>
        server.context.database.db
          .selectFrom('processing_results')
          .select('id')
          .where('measurement_id', '=', measurementId)
          .execute();
      await eventually(async () => (await results()).length > 0, {
        what: 'the ended run gets its result',
        deadline: 30_000,
      });
      const measurement = await server.context.database.db
        .selectFrom('measurements')
        .select(['state', 'points_count'])
        .where('id', '=', measurementId)
        .executeTakeFirstOrThrow();
      expect(measurement).toEqual({ state: 'complete', points_count: 601 });
      expect(await results()).toHaveLength(1);
    },
  );

  it('drives a sequence to its end without any finish notice', { timeout: scaled(120_000) }, async () => {
    dropFinishNotices();
    const api = (method: string, path: string, body?: unknown) =>
      request(server.baseUrl, method, path, { token, body });
    const sequence = await api('POST', '/api/sequences/', {
      name: 'Without notices',
      device_id: instrument.deviceId,
      method_id: methodId,
    });
    const id = sequence.body.id as number;
    for (const vial of [1, 2]) {
      const sample = await api('POST', '/api/samples/', {
        name: `Vial ${vial}`,
        device_id: instrument.deviceId,
        method_id: methodId,
        column_name: 'C18',
      });
      expect(sample.status, sample.text).toBe(201);
      await api('POST', `/api/sequences/${id}/drafts/`, { sample_id: sample.body.id, vial });
    }
    expect((await api('POST', `/api/sequences/${id}/start/`)).body.state).toBe('RUNNING');
    await eventually(
      async () =>
        ['FINISHED', 'ERROR', 'STOPPED', 'PAUSED'].includes(
          (await api('GET', `/api/sequences/${id}/`)).body.state,
        ),
      { what: 'the sequence ends', deadline: 60_000 },
    );
    const finished = (await api('GET', `/api/sequences/${id}/`)).body;
    expect(finished.state, JSON.stringify(finished.error_code)).toBe('FINISHED');
    const { injections } = (await api('GET', `/api/sequences/${id}/results/`)).body as {
      injections: Array<{ measurement_state: string; points_count: number; result: unknown }>;
    };
    expect(injections.map((injection) => [injection.measurement_state, injection.points_count])).toEqual([
      ['complete', 601],
      ['complete', 601],
    ]);
    for (const injection of injections) expect(injection.result).not.toBeNull();
    const versions = await server.context.database.db
      .selectFrom('processing_results as r')
      .innerJoin('measurements as m', 'm.id', 'r.measurement_id')
      .innerJoin('injections as i', 'i.id', 'm.injection_id')
      .select('r.id')
      .where('i.sequence_id', '=', id)
      .execute();
    expect(versions).toHaveLength(2);
  });
});
