// A pause or stop the instrument cannot confirm is saved, logged and reported: the answer carries the
// catalogue warning, so the user knows the instrument may still be running.
import { domainErrors } from '@eluent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, request, type TestServer } from '../../../test/harness.ts';
import { startServerWithInstrument, stopServerWithInstrument } from '../../../test/server-with-instrument.ts';
import { storeMethod, type LinkedInstrument } from '../../../test/sequences-fixtures.ts';
import { eventually } from '../../../test/eventually.ts';

const notConfirmed = (command: string) => ({
  code: 'sequence_instrument_not_confirmed',
  detail: domainErrors.sequence_instrument_not_confirmed,
  command,
});

describe.each(await backends())('instrument confirmation of run commands on $name', (backend) => {
  let server: TestServer;
  let token: string;
  let instrument: LinkedInstrument;
  let methodId: number;
  const api = (method: string, path: string, body?: unknown) =>
    request(server.baseUrl, method, path, { token, body });

  beforeAll(async () => {
    let userId: number;
    ({ server, token, userId, instrument } = await startServerWithInstrument(backend, {
      env: { ELUENT_SIM_SPEED: '100' },
      speed: 100,
    }));
    // A long method, so the injection is still running when the instrument is lost.
    methodId = await storeMethod(server, userId, { run_time_min: 600 });
  });
  afterAll(() => stopServerWithInstrument(server, instrument));

  it('confirms a pause while connected, then reports a stop the lost instrument cannot confirm', async () => {
    const sample = await api('POST', '/api/samples/', {
      name: 'Coffee',
      device_id: instrument.deviceId,
      method_id: methodId,
      column_name: 'C18',
    });
    const created = await api('POST', '/api/sequences/', {
      name: 'Unconfirmed',
      device_id: instrument.deviceId,
      method_id: methodId,
    });
    const path = `/api/sequences/${created.body.id}`;
    await api('POST', `${path}/drafts/`, { sample_id: sample.body.id, vial: 1 });
    const started = await api('POST', `${path}/start/`);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    await eventually(async () => (await api('GET', `${path}/`)).body.current_injection_id !== null);

    const paused = await api('POST', `${path}/pause/`);
    expect(paused.status, JSON.stringify([paused.body, (await api('GET', `${path}/`)).body])).toBe(200);
    expect(paused.body.state).toBe('PAUSED');
    expect(paused.body.instrument_warning).toBeUndefined();

    await instrument.client.stop();
    const devices = server.context.services.devices;
    await eventually(() => !devices.isOnline(instrument.deviceId));
    const stopped = await api('POST', `${path}/stop/`);
    expect(stopped.status).toBe(200);
    expect(stopped.body.state).toBe('STOPPED');
    expect(stopped.body.instrument_warning).toEqual(notConfirmed('stop'));
    expect((await api('GET', `${path}/`)).body.state).toBe('STOPPED');
  });
});
