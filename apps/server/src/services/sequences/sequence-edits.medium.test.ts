// Editing a sequence never makes the server wait on itself: on the embedded database (one connection) a
// rename or a method change answers promptly and the server keeps answering afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, request, type TestServer } from '../../../test/harness.ts';
import { startServerWithInstrument, stopServerWithInstrument } from '../../../test/server-with-instrument.ts';
import { storeMethod, type LinkedInstrument } from '../../../test/sequences-fixtures.ts';
import { within } from '../../../test/within.ts';

// A wait on itself never answers; the limit only needs to be far above a slow machine's answer.
const LIMIT_MS = 10_000;

describe.each(await backends())('editing a sequence on $name', (backend) => {
  let server: TestServer;
  let token: string;
  let instrument: LinkedInstrument;
  let methodId: number;
  let otherMethodId: number;
  const api = (method: string, path: string, body?: unknown) =>
    within(LIMIT_MS, request(server.baseUrl, method, path, { token, body }), `${method} ${path}`);

  beforeAll(async () => {
    let userId: number;
    ({ server, token, userId, instrument } = await startServerWithInstrument(backend, {
      env: { ELUENT_SIM_SPEED: '100' },
      speed: 100,
    }));
    // Long runs, so a started sequence is still RUNNING while it is edited.
    methodId = await storeMethod(server, userId, { run_time_min: 600 });
    otherMethodId = await storeMethod(server, userId, {
      name: 'Caffeine assay, slow flow',
      run_time_min: 600,
    });
  });
  afterAll(() => stopServerWithInstrument(server, instrument));

  it('renames a new sequence and changes its method, answering each without waiting on itself', async () => {
    const created = await api('POST', '/api/sequences/', {
      name: 'Morning run',
      device_id: instrument.deviceId,
      method_id: methodId,
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const sample = await api('POST', '/api/samples/', {
      name: 'Coffee extract',
      device_id: instrument.deviceId,
      method_id: methodId,
      column_name: 'C18 4.6 × 150 mm',
    });
    expect(sample.status).toBe(201);
    expect(
      (await api('POST', `/api/sequences/${id}/drafts/`, { sample_id: sample.body.id, vial: 1 })).status,
    ).toBe(201);

    const renamed = await api('PATCH', `/api/sequences/${id}/`, { name: 'Afternoon run' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Afternoon run', method_id: methodId });
    expect(renamed.body.drafts).toHaveLength(1);

    const changed = await api('PATCH', `/api/sequences/${id}/`, { method_id: otherMethodId });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ name: 'Afternoon run', method_id: otherMethodId });

    expect((await api('GET', '/api/health/')).status).toBe(200);
    expect((await api('GET', `/api/sequences/${id}/`)).body).toMatchObject({ method_id: otherMethodId });
  });

  it('renames a RUNNING sequence and answers a method change without waiting on itself', async () => {
    const sample = await api('POST', '/api/samples/', {
      name: 'Tea',
      device_id: instrument.deviceId,
      method_id: methodId,
      column_name: 'C18 4.6 × 150 mm',
    });
    const created = await api('POST', '/api/sequences/', {
      name: 'Running run',
      device_id: instrument.deviceId,
      method_id: methodId,
    });
    const id = created.body.id as number;
    await api('POST', `/api/sequences/${id}/drafts/`, { sample_id: sample.body.id, vial: 2 });
    const started = await api('POST', `/api/sequences/${id}/start/`);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.state).toBe('RUNNING');

    const renamed = await api('PATCH', `/api/sequences/${id}/`, { name: 'Running run, renamed' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Running run, renamed', state: 'RUNNING' });
    // A method change on a running sequence may be refused by the run's rules, but it always answers.
    const changed = await api('PATCH', `/api/sequences/${id}/`, { method_id: otherMethodId });
    expect(changed.status).toBeLessThan(500);

    expect((await api('GET', '/api/health/')).status).toBe(200);
    expect((await api('POST', `/api/sequences/${id}/stop/`)).status).toBe(200);
  });
});
