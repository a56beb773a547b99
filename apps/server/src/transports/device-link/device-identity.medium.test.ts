// Instrument identity on the device link: the credential issued at the claim is required afterwards, the
// pairing code serves once, a live connection is never displaced, an unclaimed registration cannot be
// squatted, and claims and handshakes are throttled per serial number and address with a lockout.
import { DeviceClient, websocketConnector } from '@eluent/simulator';
import { DEVICE_PROTOCOL_VERSION, devicePairingSchema, deviceSchema, domainErrors } from '@eluent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { request, signUp, startTestServer, type TestServer } from '../../../test/harness.ts';
import { scaled } from '../../../test/eventually.ts';

let serialCounter = 0;
const newSerial = () => `ID-${process.pid}-${Date.now().toString(36)}-${serialCounter++}`;

function hello(serialNumber: string, proof: { pairing_code: string } | { credential: string }) {
  return {
    type: 'hello',
    protocol: DEVICE_PROTOCOL_VERSION,
    serial_number: serialNumber,
    firmware_version: '1.0.0',
    hardware_configuration: [],
    ...proof,
  };
}

/** A raw link connection: says hello and hands back the server's first answer and the open socket. */
async function rawHello(
  server: TestServer,
  message: Record<string, unknown>,
): Promise<{ answer: Record<string, unknown>; socket: WebSocket; closed: Promise<void> }> {
  const socket = new WebSocket(`${server.baseUrl.replace('http', 'ws')}/device/ws`);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const answer = new Promise<Record<string, unknown>>((resolve) =>
    socket.once('message', (data: Buffer) =>
      resolve(JSON.parse(data.toString('utf8')) as Record<string, unknown>),
    ),
  );
  socket.send(JSON.stringify(message));
  return { answer: await answer, socket, closed };
}

async function claim(server: TestServer, token: string, serialNumber: string, pairingCode: string) {
  return request(server.baseUrl, 'POST', '/api/devices/claim/', {
    token,
    body: { serial_number: serialNumber, pairing_code: pairingCode },
  });
}

describe('instrument identity', () => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({ backend: { name: 'pglite' } });
    token = (await signUp(server.baseUrl)).access;
  });
  afterAll(async () => {
    await server?.dispose();
  });

  it('requires the credential after the claim; the pairing code no longer connects', async () => {
    const serialNumber = newSerial();
    const client = new DeviceClient({
      connect: websocketConnector(server.baseUrl),
      serialNumber,
      pairingCode: 'pair-1234',
    });
    client.start();
    try {
      await client.waitFor(() => client.connected);
      expect((await claim(server, token, serialNumber, 'pair-1234')).status).toBe(201);
      await client.waitFor(() => client.credential !== undefined);
      await client.stop();

      const withCode = await rawHello(server, hello(serialNumber, { pairing_code: 'pair-1234' }));
      expect(withCode.answer).toMatchObject({ type: 'error', code: 'hello_rejected' });
      await withCode.closed;
      const forged = await rawHello(server, hello(serialNumber, { credential: 'x'.repeat(43) }));
      expect(forged.answer).toMatchObject({ type: 'error', code: 'hello_rejected' });
      await forged.closed;
      const genuine = await rawHello(server, hello(serialNumber, { credential: client.credential! }));
      expect(genuine.answer).toMatchObject({ type: 'welcome', claimed: true });
      expect(genuine.answer.credential).toBeUndefined();
      genuine.socket.close();
      await genuine.closed;
    } finally {
      await client.stop();
    }
  });

  it('never lets a second connection displace the live one', async () => {
    const serialNumber = newSerial();
    const client = new DeviceClient({
      connect: websocketConnector(server.baseUrl),
      serialNumber,
      pairingCode: 'pair-5678',
    });
    client.start();
    try {
      await client.waitFor(() => client.connected);
      const claimed = await claim(server, token, serialNumber, 'pair-5678');
      await client.waitFor(() => client.credential !== undefined);
      // Even the right credential does not take over a live connection.
      const second = await rawHello(server, hello(serialNumber, { credential: client.credential! }));
      expect(second.answer).toMatchObject({ type: 'error', code: 'already_connected' });
      await second.closed;
      const intruder = await rawHello(server, hello(serialNumber, { pairing_code: 'pair-5678' }));
      expect(intruder.answer).toMatchObject({ type: 'error', code: 'hello_rejected' });
      await intruder.closed;
      expect(client.connected).toBe(true);
      const firmware = await request(
        server.baseUrl,
        'GET',
        `/api/devices/${claimed.body.id as number}/firmware/`,
        { token },
      );
      expect(firmware.status).toBe(200);
    } finally {
      await client.stop();
    }
  });

  it('gives an offline-claimed instrument its credential once, on its next hello with the code', async () => {
    const serialNumber = newSerial();
    const first = await rawHello(server, hello(serialNumber, { pairing_code: 'pair-0001' }));
    expect(first.answer).toMatchObject({ type: 'welcome', claimed: false });
    first.socket.close();
    await first.closed;
    expect((await claim(server, token, serialNumber, 'pair-0001')).status).toBe(201);
    const paired = await rawHello(server, hello(serialNumber, { pairing_code: 'pair-0001' }));
    expect(paired.answer).toMatchObject({ type: 'welcome', claimed: true });
    expect(paired.answer.credential).toEqual(expect.any(String));
    paired.socket.close();
    await paired.closed;
    const again = await rawHello(server, hello(serialNumber, { pairing_code: 'pair-0001' }));
    expect(again.answer).toMatchObject({ type: 'error', code: 'hello_rejected' });
    await again.closed;
  });

  it('lets the real instrument take over a registration a stranger made first', async () => {
    const serialNumber = newSerial();
    const squatter = await rawHello(server, hello(serialNumber, { pairing_code: 'guessed-code' }));
    expect(squatter.answer).toMatchObject({ type: 'welcome', claimed: false });
    // While the stranger is connected the real code is refused, and the stranger keeps nothing it can use.
    const blocked = await rawHello(server, hello(serialNumber, { pairing_code: 'printed-code' }));
    expect(blocked.answer).toMatchObject({ type: 'error', code: 'hello_rejected' });
    await blocked.closed;
    squatter.socket.close();
    await squatter.closed;
    const real = await rawHello(server, hello(serialNumber, { pairing_code: 'printed-code' }));
    expect(real.answer).toMatchObject({ type: 'welcome', claimed: false });
    expect((await claim(server, token, serialNumber, 'guessed-code')).status).toBe(400);
    expect((await claim(server, token, serialNumber, 'printed-code')).status).toBe(201);
    real.socket.close();
    await real.closed;
  });
});

describe('throttled claims and handshakes', () => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({
      backend: { name: 'pglite' },
      env: { ELUENT_LOCKOUT_FAILURES: '3', ELUENT_RATE_LIMIT: '4' },
    });
    token = (await signUp(server.baseUrl)).access;
  });
  afterAll(async () => {
    await server?.dispose();
  });

  it('locks a serial number and an address out after repeated failures, then refuses even the right code', async () => {
    const serialNumber = newSerial();
    const registered = await rawHello(server, hello(serialNumber, { pairing_code: 'right-code' }));
    registered.socket.close();
    await registered.closed;
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await claim(server, token, serialNumber, `wrong-${attempt}`)).status).toBe(400);
    }
    const locked = await claim(server, token, serialNumber, 'right-code');
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ code: 'throttled', detail: domainErrors.throttled });
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(60);
    // The address is locked for handshakes too.
    const handshake = await rawHello(server, hello(newSerial(), { pairing_code: 'other-code' }));
    expect(handshake.answer).toMatchObject({ type: 'error', code: 'throttled' });
    expect((handshake.answer.about as { retry_after_sec: number }).retry_after_sec).toBeGreaterThan(60);
    await handshake.closed;
  });
});

describe('re-pairing an instrument that lost its credential', () => {
  let server: TestServer;
  let owner: Awaited<ReturnType<typeof signUp>>;

  beforeAll(async () => {
    server = await startTestServer({ backend: { name: 'pglite' } });
    owner = await signUp(server.baseUrl);
  });
  afterAll(async () => {
    await server?.dispose();
  });

  it('gives the owner a new pairing code; the old credential and the printed code stop working', async () => {
    const serialNumber = newSerial();
    const first = await rawHello(server, hello(serialNumber, { pairing_code: 'printed-0001' }));
    first.socket.close();
    await first.closed;
    const claimed = await claim(server, owner.access, serialNumber, 'printed-0001');
    const deviceId = claimed.body.id as number;
    const paired = await rawHello(server, hello(serialNumber, { pairing_code: 'printed-0001' }));
    const oldCredential = paired.answer.credential as string;
    expect(oldCredential).toEqual(expect.any(String));

    const stranger = await signUp(server.baseUrl);
    const refused = await request(server.baseUrl, 'POST', `/api/devices/${deviceId}/pairing/`, {
      token: stranger.access,
    });
    expect(refused.status).toBe(404);
    expect(paired.socket.readyState).toBe(WebSocket.OPEN);

    const rePaired = await request(server.baseUrl, 'POST', `/api/devices/${deviceId}/pairing/`, {
      token: owner.access,
    });
    expect(rePaired.status).toBe(200);
    expect(devicePairingSchema.strict().safeParse(rePaired.body).error).toBeUndefined();
    expect(rePaired.body).toEqual({
      serial_number: serialNumber,
      pairing_code: expect.stringMatching(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/),
    });
    // The connection that held the old credential is ended, and the old credential no longer connects.
    await paired.closed;
    const withOld = await rawHello(server, hello(serialNumber, { credential: oldCredential }));
    expect(withOld.answer).toMatchObject({ type: 'error', code: 'hello_rejected' });
    await withOld.closed;
    const withPrinted = await rawHello(server, hello(serialNumber, { pairing_code: 'printed-0001' }));
    expect(withPrinted.answer).toMatchObject({ type: 'error', code: 'hello_rejected' });
    await withPrinted.closed;

    // The instrument, given the new code, pairs again and connects with its new credential from then on.
    const client = new DeviceClient({
      connect: websocketConnector(server.baseUrl),
      serialNumber,
      pairingCode: rePaired.body.pairing_code as string,
    });
    client.start();
    try {
      await client.waitFor(() => client.connected && client.credential !== undefined);
      expect(client.credential).not.toBe(oldCredential);
      const device = await request(server.baseUrl, 'GET', `/api/devices/${deviceId}/`, {
        token: owner.access,
      });
      expect(device.body).toMatchObject({ id: deviceId, online: true });
      // The answer is what contracts say it is (rest/devices.ts), live status and sequence run included.
      const get = async () =>
        (await request(server.baseUrl, 'GET', `/api/devices/${deviceId}/`, { token: owner.access })).body;
      await expect.poll(async () => (await get()).live, { timeout: scaled(10_000) }).not.toBeNull();
      expect(deviceSchema.strict().safeParse(await get()).error).toBeUndefined();
    } finally {
      await client.stop();
    }
    const again = await rawHello(server, hello(serialNumber, { pairing_code: rePaired.body.pairing_code }));
    expect(again.answer).toMatchObject({ type: 'error', code: 'hello_rejected' });
    await again.closed;
  });
});
