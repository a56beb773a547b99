// A 20-minute injection (12,001 points at 10 Hz; the simulated instrument runs fast) is stored whole,
// processed with no template and reported with its result: nothing of a long run is silently dropped.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, request, type TestServer } from '../../../test/harness.ts';
import { startServerWithInstrument, stopServerWithInstrument } from '../../../test/server-with-instrument.ts';
import { storeMethod, type LinkedInstrument } from '../../../test/sequences-fixtures.ts';
import { eventually, scaled } from '../../../test/eventually.ts';

const RUN_TIME_MIN = 20;

describe.each(await backends())('a 20-minute run on $name', (backend) => {
  let server: TestServer;
  let token: string;
  let instrument: LinkedInstrument;
  let methodId: number;

  beforeAll(async () => {
    let userId: number;
    ({ server, token, userId, instrument } = await startServerWithInstrument(backend, { speed: 200 }));
    methodId = await storeMethod(server, userId, { run_time_min: RUN_TIME_MIN });
  });
  afterAll(() => stopServerWithInstrument(server, instrument));

  it('stores every point and the result of the injection', { timeout: scaled(120_000) }, async () => {
    const api = (method: string, path: string, body?: unknown) =>
      request(server.baseUrl, method, path, { token, body });
    const sample = await api('POST', '/api/samples/', {
      name: 'Long run',
      device_id: instrument.deviceId,
      method_id: methodId,
      column_name: 'C18',
    });
    expect(sample.status).toBe(201);
    const sequence = await api('POST', '/api/sequences/', {
      name: 'Twenty minutes',
      device_id: instrument.deviceId,
      method_id: methodId,
    });
    const id = sequence.body.id as number;
    await api('POST', `/api/sequences/${id}/drafts/`, { sample_id: sample.body.id, vial: 1 });
    expect((await api('POST', `/api/sequences/${id}/start/`)).body.state).toBe('RUNNING');
    await eventually(async () =>
      ['FINISHED', 'ERROR', 'STOPPED'].includes((await api('GET', `/api/sequences/${id}/`)).body.state),
    );
    const finished = (await api('GET', `/api/sequences/${id}/`)).body;
    expect(finished.state, JSON.stringify(finished.error_code)).toBe('FINISHED');
    const [injection] = (await api('GET', `/api/sequences/${id}/results/`)).body.injections;
    expect(injection.measurement_state).toBe('complete');
    expect(injection.points_count).toBe(RUN_TIME_MIN * 600 + 1);
    expect(injection.result).not.toBeNull();
    expect(injection.result.peaks.length).toBeGreaterThan(0);
  });
});
