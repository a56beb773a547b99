// Device errors of spec §8 through the REST API and the device link: runs the server refuses before the
// instrument is asked (no hardware configuration, a sample of another instrument), numeric device codes
// that reach the user as the catalogue's messages, and a command the instrument never answers.
import { randomUUID } from 'node:crypto';
import { deviceNumericErrors, domainErrors, type DeviceMethodInput } from '@eluent/contracts';
import { simulatedHardware } from '@eluent/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, request, type TestServer } from '../../../test/harness.ts';
import { startServerWithInstrument, stopServerWithInstrument } from '../../../test/server-with-instrument.ts';
import { storeMethod, type LinkedInstrument } from '../../../test/sequences-fixtures.ts';
import { workspaceOf } from '../../../test/workspaces.ts';

const shortMethod: DeviceMethodInput = {
  name: 'Short isocratic',
  flow_rate_ml_per_min: 1,
  run_time_min: 1,
  temperature: 30,
  injection_ul: 10,
  gradient: [{ time_min: 0, percent_b: 20 }],
};

describe.each(await backends())('device refusals on $name', (backend) => {
  let server: TestServer;
  let token: string;
  let userId: number;
  let instrument: LinkedInstrument;
  const api = (method: string, path: string, body?: unknown) =>
    request(server.baseUrl, method, path, { token, body });
  const devicePath = (action: string) => `/api/devices/${instrument.deviceId}/${action}/`;

  beforeAll(async () => {
    ({ server, token, userId, instrument } = await startServerWithInstrument(backend, { speed: 30 }));
    // The detector lamp warms up for a few simulated seconds after power-on.
    await instrument.client.waitFor(
      () => instrument.client.instrument.componentState('detector') === 'ready',
    );
  });
  afterAll(() => stopServerWithInstrument(server, instrument));

  it('refuses a run on an instrument whose hardware configuration is empty', async () => {
    const db = server.context.database.db;
    const setHardware = (hardware: unknown) =>
      db
        .updateTable('devices')
        .set({ hardware_configuration: JSON.stringify(hardware) })
        .where('id', '=', instrument.deviceId)
        .execute();
    await setHardware([]);
    try {
      const refused = await api('POST', devicePath('run'), { method: shortMethod, vial: 2 });
      expect(refused.body).toEqual({
        code: 'device_not_configured',
        detail: domainErrors.device_not_configured,
      });
      expect(refused.status).toBe(409);
    } finally {
      await setHardware(simulatedHardware);
    }
    const injections = await db
      .selectFrom('injections')
      .select('id')
      .where('device_id', '=', instrument.deviceId)
      .execute();
    expect(injections).toEqual([]);
  });

  it('refuses to run a sample prepared for another instrument, and runs one prepared for this one', async () => {
    const methodId = await storeMethod(server, userId);
    const other = await server.context.database.db
      .insertInto('devices')
      .values({
        owner_id: userId,
        workspace_id: await workspaceOf(server.context.database.db, userId),
        serial_number: `OTHER-${randomUUID().slice(0, 8)}`,
        name: 'Other HPLC',
        pairing_code_hash: 'x',
        hardware_configuration: JSON.stringify(simulatedHardware),
        installed_column: JSON.stringify({
          name: 'C18',
          length_mm: 150,
          inner_diameter_mm: 4.6,
          particle_size_um: 5,
        }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const sampleFor = async (deviceId: number) => {
      const created = await api('POST', '/api/samples/', {
        name: 'Coffee',
        device_id: deviceId,
        method_id: methodId,
        column_name: 'C18',
      });
      expect(created.status).toBe(201);
      return created.body.id as number;
    };

    const foreign = await sampleFor(other.id);
    const refused = await api('POST', devicePath('run'), {
      method: shortMethod,
      vial: 2,
      sample_id: foreign,
    });
    expect(refused.body).toEqual({ code: 'device_different', detail: domainErrors.device_different });
    expect(refused.status).toBe(409);

    const own = await sampleFor(instrument.deviceId);
    const started = await api('POST', devicePath('run'), { method: shortMethod, vial: 2, sample_id: own });
    expect(started.status).toBe(201);
    const injection = await server.context.database.db
      .selectFrom('injections')
      .select('sample_id')
      .where('id', '=', started.body.injection_id)
      .executeTakeFirstOrThrow();
    expect(injection.sample_id).toBe(own);
    await api('POST', devicePath('stop'));
    await instrument.client.waitFor(() => instrument.client.instrument.run === null);
  });

  it('brings numeric device codes 102, 202 and 999 to the user with the messages of the catalogue', async () => {
    const { client } = instrument;
    const deviceError = (code: keyof typeof deviceNumericErrors) => ({
      code: 'device_error',
      detail: deviceNumericErrors[code],
      device_code: code,
    });
    try {
      client.injectFault(102);
      const firmware = await api('GET', devicePath('firmware'));
      expect(firmware.body).toEqual(deviceError(102));
      expect(firmware.body.detail).toBe('Firmware error.');
      expect(firmware.status).toBe(502);

      client.instrument.clearFault();
      client.injectFault(202);
      const join = await api('POST', devicePath('wifi/join'), { ssid: 'LabNet', password: 'chromatography' });
      expect(join.body).toEqual(deviceError(202));
      expect(join.body.detail).toBe('Wi-Fi connection failed.');
      expect(join.status).toBe(502);

      client.instrument.clearFault();
      client.injectFault(999);
      const run = await api('POST', devicePath('run'), { method: shortMethod, vial: 2 });
      expect(run.body).toEqual(deviceError(999));
      expect(run.body.detail).toBe('Unknown device error.');
      expect(run.status).toBe(502);
    } finally {
      client.instrument.clearFault();
    }
    expect((await api('GET', devicePath('firmware'))).body).toMatchObject({
      firmware_version: expect.any(String),
    });
  });

  it('answers 504 Timeout when the instrument never answers a command', async () => {
    instrument.client.hang();
    try {
      const firmware = await api('GET', devicePath('firmware'));
      expect(firmware.body).toEqual({ code: 'timeout', detail: domainErrors.timeout });
      expect(firmware.status).toBe(504);
    } finally {
      instrument.client.hang(false);
    }
    expect((await api('GET', devicePath('firmware'))).status).toBe(200);
  });
});
