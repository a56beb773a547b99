// Scale-out: two server processes on one PostgreSQL database and one Redis. The device is connected to the
// first; users talk to the second, which relays commands and hears the finished run.
import { randomBytes } from 'node:crypto';
import type { DeviceMethodInput } from '@eluent/contracts';
import { DeviceClient, websocketConnector } from '@eluent/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresReachable, request, signUp, type TestServer } from '../../../test/harness.ts';
import { redisReachable, twoProcessesThroughRedis } from '../../../test/redis.ts';
import type { InjectionFinishedEvent } from '../../services/devices/index.ts';
import { scaled } from '../../../test/eventually.ts';

const hasPostgres = await postgresReachable();
const hasRedis = await redisReachable();

const method: DeviceMethodInput = {
  flow_rate_ml_per_min: 1,
  run_time_min: 0.5,
  gradient: [{ time_min: 0, percent_b: 20 }],
};

describe.runIf(hasPostgres && hasRedis)('device commands across processes through Redis', () => {
  let first: TestServer;
  let second: TestServer;
  let client: DeviceClient;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let deviceId: number;
  let pair: Awaited<ReturnType<typeof twoProcessesThroughRedis>>;

  beforeAll(async () => {
    pair = await twoProcessesThroughRedis();
    ({ first, second } = pair);
  });
  afterAll(async () => {
    await client?.stop();
    await pair?.close();
  });

  it('relays commands to the process holding the device and announces the finish everywhere', async () => {
    const user = await signUp(second.baseUrl);
    owner = user;
    const serialNumber = `REDIS-${randomBytes(3).toString('hex')}`;
    client = new DeviceClient({
      connect: websocketConnector(first.baseUrl),
      serialNumber,
      pairingCode: 'code-77',
      speed: 30,
    });
    client.start();
    await client.waitFor(() => client.connected);
    const claim = await request(second.baseUrl, 'POST', '/api/devices/claim/', {
      token: user.access,
      body: { serial_number: serialNumber, pairing_code: 'code-77' },
    });
    expect(claim.status).toBe(201);
    deviceId = claim.body.id as number;
    // The claim happened on the second process: the device receives its credential at its next hello.
    client.dropConnection();
    await client.waitFor(() => client.credential !== undefined && client.connected);
    await client.waitFor(() => client.instrument.componentState('detector') === 'ready');

    const secondService = second.context.services.devices;
    await new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if (secondService.isOnline(deviceId)) {
          clearInterval(check);
          resolve();
        }
      }, 50);
    });

    const firmware = await request(second.baseUrl, 'GET', `/api/devices/${deviceId}/firmware/`, {
      token: user.access,
    });
    expect(firmware.body.firmware_version).toBe(client.instrument.firmwareVersion);
    const wrong = await request(second.baseUrl, 'POST', `/api/devices/${deviceId}/wifi/join/`, {
      token: user.access,
      body: { ssid: 'LabNet', password: 'nope' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      code: 'wifi_password_wrong',
      detail: 'Wi-Fi password is wrong.',
      device_code: 201,
    });

    const finished = new Promise<InjectionFinishedEvent>((resolve) =>
      secondService.once('injectionFinished', resolve),
    );
    const run = await request(second.baseUrl, 'POST', `/api/devices/${deviceId}/run/`, {
      token: user.access,
      body: { method, vial: 4 },
    });
    expect(run.status).toBe(201);
    const event = await finished;
    expect(event).toMatchObject({
      measurementId: run.body.measurement_id,
      result: 'completed',
      pointsCount: 301,
    });
  });

  it('ends the connection of a re-paired instrument held by another process', async () => {
    const holder = first.context.services.devices;
    expect(holder.isOnline(deviceId)).toBe(true);
    const rePaired = await request(second.baseUrl, 'POST', `/api/devices/${deviceId}/pairing/`, {
      token: owner.access,
    });
    expect(rePaired.status).toBe(200);
    // The connection with the old credential ends on the first process (told through Redis) and stays ended.
    await expect.poll(() => holder.isOnline(deviceId), { timeout: scaled(10_000) }).toBe(false);
    await client.stop();
  });
});
