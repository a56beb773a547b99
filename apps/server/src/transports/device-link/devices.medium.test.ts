// The device link end to end: a real server, the real simulator client, a real websocket.
import { DeviceClient, SimulatedInstrument, websocketConnector } from '@eluent/simulator';
import { SubscriptionState } from 'centrifuge';
import type { DeviceMethodInput } from '@eluent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, request, signUp, startTestServer, type TestServer } from '../../../test/harness.ts';
import { startTcpProxy } from '../../../test/tcp-proxy.ts';
import { fetchSubscriptionToken, newClient, subscribeWithEndpoint } from '../realtime/test-clients.ts';
import { eventually } from '../../../test/eventually.ts';
import { createMeasurementChunksRepository } from '../../repositories/measurement-chunks.ts';

const shortMethod: DeviceMethodInput = {
  name: 'Fast test gradient',
  flow_rate_ml_per_min: 2,
  run_time_min: 1,
  temperature: 30,
  injection_ul: 10,
  gradient: [
    { time_min: 0, percent_b: 10 },
    { time_min: 0.8, percent_b: 90 },
  ],
  data_rate_hz: 10,
};
const POINTS = 601;

let serialCounter = 0;
function newSerial(): string {
  return `TEST-${process.pid}-${Date.now().toString(36)}-${serialCounter++}`;
}

async function pairedClient(server: { baseUrl: string }, token: string, url: string, speed: number) {
  const serialNumber = newSerial();
  const pairingCode = 'pair-1234';
  const client = new DeviceClient({
    connect: websocketConnector(url),
    serialNumber,
    pairingCode,
    speed,
    resendAfterMs: 500,
    chunkEveryMs: 250,
  });
  client.start();
  await client.waitFor(() => client.connected);
  const claim = await request(server.baseUrl, 'POST', '/api/devices/claim/', {
    token,
    body: { serial_number: serialNumber, pairing_code: pairingCode },
  });
  expect(claim.status).toBe(201);
  await client.waitFor(() => client.credential !== undefined);
  // The detector lamp warms up for a few simulated seconds after power-on.
  await client.waitFor(() => client.instrument.componentState('detector') === 'ready');
  return { client, deviceId: claim.body.id as number, serialNumber };
}

/** The points the instrument produces for this measurement, computed independently of the link. */
function expectedSignal(serialNumber: string, measurementId: number, vial: number): number[] {
  const instrument = new SimulatedInstrument(serialNumber);
  instrument.advance(10);
  instrument.startRun({
    method: shortMethod as never,
    vial,
    injection_id: null,
    measurement_id: measurementId,
  });
  return instrument.advance(1e6).finished!.points.signalMau;
}

async function storedMeasurement(server: TestServer, measurementId: number) {
  const chunks = createMeasurementChunksRepository(server.context.database.db);
  const row = await server.context.database.db
    .selectFrom('measurements')
    .select(['state', 'points_count'])
    .where('id', '=', measurementId)
    .executeTakeFirstOrThrow();
  return { ...row, ...(await chunks.readSignal(measurementId)) };
}

function expectWholeRun(stored: Awaited<ReturnType<typeof storedMeasurement>>, expected: number[]) {
  expect(stored.state).toBe('complete');
  expect(stored.points_count).toBe(POINTS);
  expect(stored.chunkIndexes).toEqual(stored.chunkIndexes.map((_, index) => index));
  expect(stored.timeSec).toHaveLength(POINTS);
  stored.timeSec.forEach((time, index) => expect(time).toBeCloseTo(index * 0.1, 6));
  expect(Array.from(stored.signal)).toEqual(expected);
}

for (const backend of await backends()) {
  describe(`device link on ${backend.name}`, () => {
    let server: TestServer;
    let token: string;

    beforeAll(async () => {
      server = await startTestServer({ backend });
      token = (await signUp(server.baseUrl)).access;
    });
    afterAll(async () => {
      await server.dispose();
    });

    it('shows a claimed simulator online, and offline once it stops', async () => {
      const { client, deviceId } = await pairedClient(server, token, server.baseUrl, 20);
      const online = await eventually(
        async () => {
          const list = await request(server.baseUrl, 'GET', '/api/devices/', { token });
          const device = list.body.find((entry: { id: number }) => entry.id === deviceId);
          return device?.online && device.live ? device : undefined;
        },
        { what: 'device online with live status' },
      );
      expect(online.state).toBe('idle');
      expect(online.hardware_configuration.map((part: { kind: string }) => part.kind)).toContain('pump');
      expect(online.live.components.pump).toBe('ready');

      // Someone else cannot claim it or see it.
      const other = await signUp(server.baseUrl);
      const stolen = await request(server.baseUrl, 'POST', '/api/devices/claim/', {
        token: other.access,
        body: { serial_number: client.instrument.serialNumber, pairing_code: 'pair-1234' },
      });
      expect(stolen.status).toBe(409);
      expect(stolen.body).toEqual({
        code: 'device_already_claimed',
        detail: 'Device is already claimed by another account.',
      });
      expect(
        (await request(server.baseUrl, 'GET', `/api/devices/${deviceId}/`, { token: other.access })).status,
      ).toBe(404);
      const wrongCode = await request(server.baseUrl, 'POST', '/api/devices/claim/', {
        token: other.access,
        body: { serial_number: client.instrument.serialNumber, pairing_code: 'wrong' },
      });
      expect(wrongCode.body.code).toBe('device_claim_invalid');

      await client.stop();
      await eventually(
        async () => {
          const device = await request(server.baseUrl, 'GET', `/api/devices/${deviceId}/`, { token });
          return device.body.state === 'offline' && device.body.online === false;
        },
        { what: 'device offline' },
      );
    });

    it('publishes live status and telemetry on devices:{id} to the owner only', async () => {
      const { client, deviceId } = await pairedClient(server, token, server.baseUrl, 20);
      const events: Array<Record<string, unknown>> = [];
      const browser = newClient(server.baseUrl, { token });
      const subscription = subscribeWithEndpoint(browser, server.baseUrl, `devices:${deviceId}`, () => token);
      subscription.on('publication', (context) => events.push(context.data as Record<string, unknown>));
      subscription.subscribe();
      browser.connect();
      try {
        await eventually(() => subscription.state === SubscriptionState.Subscribed, { what: 'subscribed' });
        const run = await request(server.baseUrl, 'POST', `/api/devices/${deviceId}/run/`, {
          token,
          body: { method: shortMethod, vial: 2 },
        });
        expect(run.status).toBe(201);
        const running = await eventually(
          () => events.find((event) => event.type === 'telemetry' && Number(event.run_progress) > 0),
          { what: 'running telemetry' },
        );
        expect(running).toMatchObject({ device_id: deviceId, flow_ml_per_min: 2 });
        expect(Number(running.pressure_bar)).toBeGreaterThan(20);
        await eventually(() => events.find((event) => event.type === 'status' && event.state === 'running'), {
          what: 'running status',
        });
        const other = await signUp(server.baseUrl);
        expect(
          (await fetchSubscriptionToken(server.baseUrl, `devices:${deviceId}`, { token: other.access }))
            .status,
        ).toBe(403);
        await client.stop();
        await eventually(
          () =>
            events.find(
              (event) => event.type === 'status' && event.state === 'offline' && event.online === false,
            ),
          { what: 'offline status' },
        );
      } finally {
        browser.disconnect();
        await client.stop();
      }
    });

    it('keeps the owner order of devices', async () => {
      const first = await pairedClient(server, token, server.baseUrl, 20);
      const second = await pairedClient(server, token, server.baseUrl, 20);
      const before = (await request(server.baseUrl, 'GET', '/api/devices/', { token })).body.map(
        (device: { id: number }) => device.id,
      );
      const reversed = [...before].reverse();
      const saved = await request(server.baseUrl, 'PUT', '/api/devices/order/', {
        token,
        body: { ids: reversed },
      });
      expect(saved.body.ids).toEqual(reversed);
      const after = (await request(server.baseUrl, 'GET', '/api/devices/', { token })).body.map(
        (device: { id: number }) => device.id,
      );
      expect(after).toEqual(reversed);
      await Promise.all([first.client.stop(), second.client.stop()]);
    });

    it('stores a run exactly once when the device drops its connection mid-run', async () => {
      const proxy = await startTcpProxy(Number(new URL(server.baseUrl).port));
      const { client, deviceId, serialNumber } = await pairedClient(server, token, proxy.url, 20);
      const started = await request(server.baseUrl, 'POST', `/api/devices/${deviceId}/run/`, {
        token,
        body: { method: { ...shortMethod, fraction_collector_interval_sec: 20 }, vial: 3 },
      });
      expect(started.status).toBe(201);
      const measurementId = started.body.measurement_id as number;
      await eventually(
        async () => (await storedMeasurement(server, measurementId)).chunkIndexes.length >= 2,
        { what: 'first chunks' },
      );
      proxy.cut();
      await eventually(async () => (await storedMeasurement(server, measurementId)).state === 'complete', {
        what: 'measurement complete',
      });
      expectWholeRun(
        await storedMeasurement(server, measurementId),
        expectedSignal(serialNumber, measurementId, 3),
      );
      const { metadata } = await server.context.database.db
        .selectFrom('measurements')
        .select('metadata')
        .where('id', '=', measurementId)
        .executeTakeFirstOrThrow();
      // 0.1 mL transfer delay at 2 mL/min = 3 s; 20 s fractions over the remaining 57 s.
      expect(
        (metadata as { fractions: Array<{ vial: number }> }).fractions.map((fraction) => fraction.vial),
      ).toEqual([1, 2, 3]);
      await client.waitFor(() => client.unacknowledged === 0);
      await client.stop();
      await proxy.close();
    });

    it('answers malformed, unknown and oversized frames with errors and stays sound', async () => {
      const { client, deviceId, serialNumber } = await pairedClient(server, token, server.baseUrl, 30);
      const codes = () => client.linkErrors.map((error) => error.code);
      client.sendRaw('this is not json');
      client.sendRaw('{"type":"launch_missiles"}');
      client.sendRaw('[1,2,3]');
      client.sendRaw(JSON.stringify({ type: 'run_finished', measurement_id: 'x' }));
      client.sendRaw(
        JSON.stringify({
          type: 'chunk',
          measurement_id: 999_999,
          chunk_index: 0,
          time_sec: [0],
          signal: [1],
        }),
      );
      client.sendRaw(JSON.stringify({ type: 'status', ...client.instrument.readings(), colour: 'blue' }));
      client.sendRaw(
        JSON.stringify({
          type: 'chunk',
          measurement_id: 1,
          chunk_index: 0,
          time_sec: [],
          signal: [],
          junk: 'x'.repeat(1_200_000),
        }),
      );
      await client.waitFor(() => client.linkErrors.length >= 7);
      expect(codes()).toEqual([
        'malformed',
        'unknown_type',
        'malformed',
        'malformed',
        'measurement_not_found',
        'publisher_unsupported_key',
        'message_too_large',
      ]);
      expect(client.connected).toBe(true);

      // The same connection still answers commands and stores a whole run.
      const firmware = await request(server.baseUrl, 'GET', `/api/devices/${deviceId}/firmware/`, { token });
      expect(firmware.status).toBe(200);
      expect(firmware.body.firmware_version).toBe(client.instrument.firmwareVersion);
      const started = await request(server.baseUrl, 'POST', `/api/devices/${deviceId}/run/`, {
        token,
        body: { method: shortMethod, vial: 7 },
      });
      expect(started.body).toMatchObject({ measurement_id: expect.any(Number) });
      const measurementId = started.body.measurement_id as number;
      await eventually(async () => (await storedMeasurement(server, measurementId)).state === 'complete', {
        what: 'run complete',
      });
      expectWholeRun(
        await storedMeasurement(server, measurementId),
        expectedSignal(serialNumber, measurementId, 7),
      );
      await client.stop();
    });

    it('brings device errors to the user with the messages of the catalogue', async () => {
      const { client, deviceId } = await pairedClient(server, token, server.baseUrl, 30);
      const join = (ssid: string, password: string) =>
        request(server.baseUrl, 'POST', `/api/devices/${deviceId}/wifi/join/`, {
          token,
          body: { ssid, password },
        });
      expect((await join('LabNet', 'nope')).body).toEqual({
        code: 'wifi_password_wrong',
        detail: 'Wi-Fi password is wrong.',
        device_code: 201,
      });
      expect((await join('Nowhere', 'x')).body).toEqual({
        code: 'wifi_network_not_found',
        detail: 'Wi-Fi network name was not found.',
        device_code: 200,
      });
      const joined = await join('LabNet', 'chromatography');
      expect(joined.body).toEqual({ ssid: 'LabNet' });
      const scan = await request(server.baseUrl, 'POST', `/api/devices/${deviceId}/wifi/scan/`, { token });
      expect(scan.body.networks.map((network: { ssid: string }) => network.ssid)).toContain('LabNet');

      client.instrument.setComponentState('pump', 'not_ready');
      const refused = await request(server.baseUrl, 'POST', `/api/devices/${deviceId}/run/`, {
        token,
        body: { method: shortMethod, vial: 1 },
      });
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ code: 'device_pump_not_ready', detail: 'Pump is not ready.' });
      client.instrument.setComponentState('pump', null);

      const paused = await request(server.baseUrl, 'POST', `/api/devices/${deviceId}/pause/`, { token });
      expect(paused.body).toEqual({
        code: 'sequence_cannot_pause',
        detail: 'Cannot PAUSE a sequence that is not RUNNING.',
      });

      client.injectFault(101);
      const firmware = await request(server.baseUrl, 'GET', `/api/devices/${deviceId}/firmware/`, { token });
      expect(firmware.body).toEqual({ code: 'device_error', detail: 'Firmware error.', device_code: 101 });
      await eventually(
        async () =>
          (await request(server.baseUrl, 'GET', `/api/devices/${deviceId}/`, { token })).body.state ===
          'error',
        { what: 'error state' },
      );
      await client.stop();
      const offline = await eventually(
        async () => {
          const response = await request(server.baseUrl, 'GET', `/api/devices/${deviceId}/firmware/`, {
            token,
          });
          return response.status === 409 ? response : undefined;
        },
        { what: 'offline device refused' },
      );
      expect(offline.body).toEqual({
        code: 'sequence_device_not_connected',
        detail: 'Device is not connected.',
      });
    });

    it('completes a measurement with every point across a server restart mid-run', async () => {
      const first = await startTestServer({ backend });
      const owner = await signUp(first.baseUrl);
      const proxy = await startTcpProxy(Number(new URL(first.baseUrl).port));
      const { client, deviceId, serialNumber } = await pairedClient(first, owner.access, proxy.url, 15);
      const started = await request(first.baseUrl, 'POST', `/api/devices/${deviceId}/run/`, {
        token: owner.access,
        body: { method: shortMethod, vial: 9 },
      });
      expect(started.body).toMatchObject({ measurement_id: expect.any(Number) });
      const measurementId = started.body.measurement_id as number;
      await eventually(async () => (await storedMeasurement(first, measurementId)).chunkIndexes.length >= 2, {
        what: 'first chunks',
      });
      await first.stop();
      const second = await startTestServer({
        backend,
        reuse: { dataDir: first.dataDir, databaseUrl: first.databaseUrl },
      });
      try {
        proxy.retarget(Number(new URL(second.baseUrl).port));
        await eventually(async () => (await storedMeasurement(second, measurementId)).state === 'complete', {
          what: 'complete after restart',
        });
        expectWholeRun(
          await storedMeasurement(second, measurementId),
          expectedSignal(serialNumber, measurementId, 9),
        );
      } finally {
        await client.stop();
        await proxy.close();
        await second.dispose();
      }
    });
  });
}
