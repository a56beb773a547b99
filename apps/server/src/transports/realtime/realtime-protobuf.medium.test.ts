// The protobuf protocol (`centrifuge-protobuf`) driven by the official client in protobuf mode: publications,
// history, presence, rpc, recovery, the same refusals as JSON, pings, and malformed binary frames.
import {
  Centrifuge as ProtobufCentrifuge,
  type PublicationContext,
  type Subscription,
} from 'centrifuge/build/protobuf';
import WebSocket from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { channels, type UserNotification } from '@eluent/contracts';
import { signUp, startTestServer, type TestServer } from '../../../test/harness.ts';
import { eventually } from '../../../test/eventually.ts';
import {
  fetchSubscriptionToken,
  newClient,
  notification,
  realtimeUrl,
  subscribeWithEndpoint,
} from './test-clients.ts';

type Client = InstanceType<typeof ProtobufCentrifuge>;

const openClients: Array<{ disconnect(): void }> = [];
afterEach(() => {
  for (const client of openClients.splice(0)) client.disconnect();
});

const encode = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
const decode = (bytes: unknown) => JSON.parse(new TextDecoder().decode(bytes as Uint8Array)) as unknown;

/** An empty Reply, varint-delimited: the server's ping in protobuf. */
const PING = Buffer.from([0]);

type WebSocketClass = new (...args: ConstructorParameters<typeof WebSocket>) => WebSocket;

/** The official client's protobuf build (`centrifuge/build/protobuf`): it asks for `centrifuge-protobuf`. */
function protobufClient(server: TestServer, token: string, websocket: WebSocketClass = WebSocket): Client {
  const client = new ProtobufCentrifuge(realtimeUrl(server.baseUrl), {
    websocket,
    token,
    minReconnectDelay: 100,
    maxReconnectDelay: 500,
    timeout: 10_000,
  });
  openClients.push(client);
  return client;
}

function collect(subscription: Subscription): PublicationContext[] {
  const received: PublicationContext[] = [];
  subscription.on('publication', (context) => received.push(context));
  return received;
}

/** A raw socket asking for the protobuf subprotocol, collecting binary frames and the close code. */
async function rawProtobufSocket(server: TestServer) {
  const socket = new WebSocket(realtimeUrl(server.baseUrl), 'centrifuge-protobuf');
  const frames: Buffer[] = [];
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  socket.on('message', (data) => frames.push(data as Buffer));
  socket.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => socket.once('open', () => resolve()).once('error', reject));
  return { socket, frames, closed };
}

/** What the refusal check needs of either build's subscription. */
interface Refusable {
  on(event: 'unsubscribed', listener: (context: { code: number }) => void): unknown;
  subscribe(): void;
}

describe('realtime hub over protobuf', () => {
  let server: TestServer;
  let user: Awaited<ReturnType<typeof signUp>>;
  let other: Awaited<ReturnType<typeof signUp>>;

  beforeAll(async () => {
    server = await startTestServer({
      backend: { name: 'pglite' },
      env: { ELUENT_REALTIME_PING_SEC: '1', ELUENT_REALTIME_PONG_TIMEOUT_SEC: '1' },
    });
    server.context.realtime.registerChannelAuthorizer('lab', async (subject) => subject.kind === 'user', {
      clientPublish: async (subject) => subject.kind === 'user',
    });
    user = await signUp(server.baseUrl);
    other = await signUp(server.baseUrl);
  });

  afterAll(async () => {
    await server.dispose();
  });

  async function connected(client: Client): Promise<Client> {
    client.connect();
    await client.ready(10_000);
    return client;
  }

  it('speaks the protobuf subprotocol and delivers the same publications as JSON', async () => {
    const client = await connected(protobufClient(server, user.access));
    const json = newClient(server.baseUrl, { token: user.access });
    openClients.push(json);
    json.connect();
    await json.ready(10_000);
    const channel = channels.user(user.id);
    const subscription = subscribeWithEndpoint(client, server.baseUrl, channel, () => user.access);
    const jsonSubscription = subscribeWithEndpoint(json, server.baseUrl, channel, () => user.access);
    const received = collect(subscription);
    const jsonReceived: unknown[] = [];
    jsonSubscription.on('publication', (context) => jsonReceived.push(context));
    subscription.subscribe();
    jsonSubscription.subscribe();
    await Promise.all([subscription.ready(10_000), jsonSubscription.ready(10_000)]);

    await server.context.realtime.publish(channel, notification(1));
    await server.context.realtime.publish(channel, notification(2));
    await eventually(() => received.length === 2 && jsonReceived.length === 2, { what: 'two publications' });
    expect(received.map((context) => decode(context.data))).toEqual([notification(1), notification(2)]);
    expect(jsonReceived).toEqual(
      received.map((context) =>
        expect.objectContaining({ data: decode(context.data), offset: context.offset }),
      ),
    );
  });

  it('answers history, presence, presence stats, rpc and client publish', async () => {
    const client = await connected(protobufClient(server, user.access));
    const channel = channels.user(user.id);
    const subscription = subscribeWithEndpoint(client, server.baseUrl, channel, () => user.access);
    subscription.subscribe();
    await subscription.ready(10_000);
    for (let index = 10; index < 13; index += 1) {
      await server.context.realtime.publish(channel, notification(index));
    }

    const history = await subscription.history({ limit: 2, reverse: true });
    expect(history.publications.map((publication) => decode(publication.data))).toEqual([
      notification(12),
      notification(11),
    ]);
    expect(history.offset).toBe(history.publications[0]!.offset);
    const since = await subscription.history({
      limit: 10,
      since: { offset: history.offset - 2, epoch: history.epoch },
    });
    expect(since.publications.map((publication) => decode(publication.data))).toEqual([
      notification(11),
      notification(12),
    ]);

    const presence = await subscription.presence();
    expect(Object.values(presence.clients)).toEqual([
      expect.objectContaining({ user: String(user.id), client: expect.any(String) }),
    ]);
    expect(await subscription.presenceStats()).toEqual({ numClients: 1, numUsers: 1 });

    expect(decode((await client.rpc('echo', encode({ a: 1 }))).data)).toEqual({ a: 1 });
    await expect(client.rpc('no such method', encode({}))).rejects.toMatchObject({ code: 104 });
    // Payloads are JSON in both formats: bytes that are not JSON are a bad request, not a disconnect.
    await expect(client.rpc('echo', new Uint8Array([0xff, 0x00]))).rejects.toMatchObject({ code: 107 });

    await expect(subscription.publish(encode({ text: 'hello' }))).rejects.toMatchObject({ code: 103 });
    const lab = client.newSubscription('lab:1');
    const labReceived = collect(lab);
    lab.subscribe();
    await lab.ready(10_000);
    await lab.publish(encode({ text: 'hello' }));
    await eventually(() => labReceived.length === 1, { what: 'own publication' });
    expect(decode(labReceived[0]!.data)).toEqual({ text: 'hello' });
    expect(labReceived[0]!.info?.user).toBe(String(user.id));
    expect(client.state).toBe('connected');
  });

  it('recovers exactly the publications missed during a forced disconnect', async () => {
    const client = await connected(protobufClient(server, other.access));
    const channel = channels.user(other.id);
    const subscription = subscribeWithEndpoint(client, server.baseUrl, channel, () => other.access, {
      recoverable: true,
    });
    const received = collect(subscription);
    const recoveredFlags: boolean[] = [];
    subscription.on('subscribed', (context) => {
      if (context.wasRecovering) recoveredFlags.push(context.recovered);
    });
    subscription.subscribe();
    await subscription.ready(10_000);
    const publish = (index: number) => server.context.realtime.publish(channel, notification(index));

    await publish(1);
    await publish(2);
    await eventually(() => received.length === 2, { what: 'publications before the disconnect' });
    let published = false;
    client.once('connecting', () => {
      void Promise.all([publish(3), publish(4), publish(5)]).then(() => (published = true));
    });
    await server.context.realtime.disconnectUser(other.id);
    await eventually(() => published && recoveredFlags.length === 1, { what: 'reconnect with recovery' });
    await publish(6);
    await eventually(() => received.length >= 6, { what: 'all six publications' });
    expect(recoveredFlags).toEqual([true]);
    const ids = received.map((context) => (decode(context.data) as UserNotification).id);
    expect(ids).toEqual(['n1', 'n2', 'n3', 'n4', 'n5', 'n6']);
  });

  it('refuses the channels JSON refuses, with the same codes', async () => {
    const foreign = channels.user(other.id);
    const answer = await fetchSubscriptionToken(server.baseUrl, foreign, { token: user.access });
    expect(answer.status).toBe(403);

    const refusal = async (subscription: Refusable) => {
      const code = new Promise<number>((resolve) =>
        subscription.on('unsubscribed', (context) => resolve(context.code)),
      );
      subscription.subscribe();
      return code;
    };
    const protobuf = await connected(protobufClient(server, user.access));
    const json = newClient(server.baseUrl, { token: user.access });
    openClients.push(json);
    json.connect();
    await json.ready(10_000);
    expect(await refusal(protobuf.newSubscription(foreign))).toBe(103);
    expect(await refusal(json.newSubscription(foreign))).toBe(103);
    expect(await refusal(protobuf.newSubscription('nowhere:1'))).toBe(102);
    expect(await refusal(json.newSubscription('nowhere:1'))).toBe(102);
    expect(protobuf.state).toBe('connected');

    const bad = protobufClient(server, 'not-a-jwt');
    const badOutcome = new Promise<number>((resolve) =>
      bad.on('disconnected', (context) => resolve(context.code)),
    );
    bad.connect();
    expect(await badOutcome).toBe(3500);
  });

  it('pings with an empty reply, and closes text or undecodable frames with 3501', async () => {
    // Command {id: 1, connect: {token: "nope!"}}, varint-delimited, written by hand: read as a connect command,
    // its invalid token closes with 3500 as in JSON.
    const invalid = await rawProtobufSocket(server);
    invalid.socket.send(Buffer.from([0x0b, 0x08, 0x01, 0x22, 0x07, 0x0a, 0x05, ...Buffer.from('nope!')]));
    expect(await invalid.closed).toBe(3500);

    const text = await rawProtobufSocket(server);
    text.socket.send('{"id":1,"connect":{}}');
    expect(await text.closed).toBe(3501);

    const garbage = await rawProtobufSocket(server);
    garbage.socket.send(Buffer.from([0x05, 0xff, 0xff, 0xff]));
    expect(await garbage.closed).toBe(3501);

    let pings = 0;
    class PingCounting extends WebSocket {
      constructor(...args: ConstructorParameters<typeof WebSocket>) {
        super(...args);
        this.on('message', (data) => {
          // The official client reads binary frames as ArrayBuffers.
          if (PING.equals(Buffer.from(data as ArrayBuffer))) pings += 1;
        });
      }
    }
    const client = await connected(protobufClient(server, user.access, PingCounting));
    let reconnects = 0;
    client.on('connecting', () => (reconnects += 1));
    await eventually(() => pings >= 3, { what: 'three pings answered' });
    expect(reconnects).toBe(0);
    expect(client.state).toBe('connected');
  });

  it('refuses protobuf on the HTTP-stream and SSE transports with a clear 400', async () => {
    const stream = await fetch(`${server.baseUrl}/realtime/http_stream?cf_protocol=protobuf`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: new Uint8Array([0]),
    });
    expect(stream.status).toBe(400);
    expect(await stream.json()).toMatchObject({ detail: expect.stringContaining('JSON only') });
    const sse = await fetch(`${server.baseUrl}/realtime/sse?cf_protocol=protobuf&cf_connect=x`);
    expect(sse.status).toBe(400);
  });
});
