// The realtime hub driven by the real `centrifuge` client: tokens, publications, history, recovery, refresh,
// refusals, malformed frames, slow consumers, pings.
import type { Centrifuge, PublicationContext, Subscription } from 'centrifuge';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { channels, type UserNotification } from '@eluent/contracts';
import { signUp, startTestServer, type TestServer } from '../../../test/harness.ts';
import {
  fetchSubscriptionToken,
  newClient,
  notification,
  pingCountingWebSocket,
  rawSocket,
  subscribeWithEndpoint,
} from './test-clients.ts';
import { eventually } from '../../../test/eventually.ts';

const openClients: Centrifuge[] = [];
function track(client: Centrifuge): Centrifuge {
  openClients.push(client);
  return client;
}

afterEach(() => {
  for (const client of openClients.splice(0)) client.disconnect();
});

describe('realtime hub', () => {
  let server: TestServer;
  let user: Awaited<ReturnType<typeof signUp>>;
  let other: Awaited<ReturnType<typeof signUp>>;

  beforeAll(async () => {
    server = await startTestServer({
      backend: { name: 'pglite' },
      env: { ELUENT_REALTIME_PING_SEC: '1', ELUENT_REALTIME_PONG_TIMEOUT_SEC: '1' },
    });
    // A namespace where subscribers publish too, as a chat between lab members would.
    server.context.realtime.registerChannelAuthorizer('lab', async (subject) => subject.kind === 'user', {
      clientPublish: async (subject) => subject.kind === 'user',
    });
    user = await signUp(server.baseUrl);
    other = await signUp(server.baseUrl);
  });

  afterAll(async () => {
    await server.dispose();
  });

  async function connected(client: Centrifuge): Promise<Centrifuge> {
    track(client).connect();
    await client.ready(10_000);
    return client;
  }

  function collect(subscription: Subscription): PublicationContext[] {
    const received: PublicationContext[] = [];
    subscription.on('publication', (context) => received.push(context));
    return received;
  }

  it('delivers service publications on a channel subscribed with a token from the endpoint', async () => {
    const client = await connected(newClient(server.baseUrl, { token: user.access }));
    const channel = channels.user(user.id);
    const subscription = subscribeWithEndpoint(client, server.baseUrl, channel, () => user.access);
    const received = collect(subscription);
    subscription.subscribe();
    await subscription.ready(10_000);

    await server.context.realtime.publish(channel, notification(1));
    await server.context.realtime.publish(channel, notification(2));
    await eventually(() => received.length === 2, { what: 'two publications' });
    expect(received.map((context) => context.data)).toEqual([notification(1), notification(2)]);
    expect(received[1]!.offset! - received[0]!.offset!).toBe(1);
  });

  it('answers history, presence, presence stats, rpc and client publish', async () => {
    const client = await connected(newClient(server.baseUrl, { token: user.access }));
    const channel = channels.user(user.id);
    const subscription = subscribeWithEndpoint(client, server.baseUrl, channel, () => user.access);
    subscription.subscribe();
    await subscription.ready(10_000);
    for (let index = 10; index < 13; index += 1) {
      await server.context.realtime.publish(channel, notification(index));
    }

    const history = await subscription.history({ limit: 2, reverse: true });
    expect(history.publications.map((publication) => publication.data)).toEqual([
      notification(12),
      notification(11),
    ]);
    expect(history.offset).toBe(history.publications[0]!.offset);
    const since = await subscription.history({
      limit: 10,
      since: { offset: history.offset - 2, epoch: history.epoch },
    });
    expect(since.publications.map((publication) => publication.data)).toEqual([
      notification(11),
      notification(12),
    ]);

    const presence = await subscription.presence();
    expect(Object.values(presence.clients)).toEqual([
      expect.objectContaining({ user: String(user.id), client: expect.any(String) }),
    ]);
    expect(await subscription.presenceStats()).toEqual({ numClients: 1, numUsers: 1 });

    expect((await client.rpc('echo', { a: 1 })).data).toEqual({ a: 1 });
    await expect(client.rpc('no such method', {})).rejects.toMatchObject({ code: 104 });

    // Only namespaces that allow it take publications from clients.
    await expect(subscription.publish({ text: 'hello' })).rejects.toMatchObject({ code: 103 });
    const lab = client.newSubscription('lab:1');
    const labReceived = collect(lab);
    lab.subscribe();
    await lab.ready(10_000);
    await lab.publish({ text: 'hello' });
    await eventually(() => labReceived.length === 1, { what: 'own publication' });
    expect(labReceived[0]!.data).toEqual({ text: 'hello' });
    expect(labReceived[0]!.info?.user).toBe(String(user.id));
  });

  it('recovers exactly the publications missed during a forced disconnect', async () => {
    const client = await connected(newClient(server.baseUrl, { token: other.access }));
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
      // Published while the client is away: it must get these once it is back, and nothing twice.
      void Promise.all([publish(3), publish(4), publish(5)]).then(() => (published = true));
    });
    await server.context.realtime.disconnectUser(other.id);
    await eventually(() => published && recoveredFlags.length === 1, { what: 'reconnect with recovery' });
    await publish(6);
    await eventually(() => received.length >= 6, { what: 'all six publications' });
    expect(recoveredFlags).toEqual([true]);
    expect(received.map((context) => (context.data as UserNotification).id)).toEqual([
      'n1',
      'n2',
      'n3',
      'n4',
      'n5',
      'n6',
    ]);
    const offsets = received.map((context) => context.offset!);
    expect(offsets).toEqual(offsets.map((_offset, index) => offsets[0]! + index));
  });

  it('refuses a foreign channel at the endpoint and on subscribe', async () => {
    const foreign = channels.user(other.id);
    const answer = await fetchSubscriptionToken(server.baseUrl, foreign, { token: user.access });
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ detail: 'Channel is not accessible!' });
    const unknown = await fetchSubscriptionToken(server.baseUrl, 'nowhere:1', { token: user.access });
    expect(unknown.status).toBe(403);
    const unauthenticated = await fetchSubscriptionToken(server.baseUrl, foreign, { token: 'garbage' });
    expect(unauthenticated.status).toBe(401);

    const client = await connected(newClient(server.baseUrl, { token: user.access }));
    const subscription = client.newSubscription(foreign);
    const refused = new Promise<number>((resolve) =>
      subscription.on('unsubscribed', (context) => resolve(context.code)),
    );
    subscription.subscribe();
    expect(await refused).toBe(103);
    expect(client.state).toBe('connected');
  });

  it('disconnects a bad connection token with 3500 and a token for another channel with 3500', async () => {
    const bad = track(newClient(server.baseUrl, { token: 'not-a-jwt' }));
    const badOutcome = new Promise<number>((resolve) =>
      bad.on('disconnected', (context) => resolve(context.code)),
    );
    bad.connect();
    expect(await badOutcome).toBe(3500);

    const client = await connected(newClient(server.baseUrl, { token: user.access }));
    const ownToken = await fetchSubscriptionToken(server.baseUrl, channels.user(user.id), {
      token: user.access,
    });
    const misused = client.newSubscription('lab:2', { token: ownToken.token! });
    const outcome = new Promise<number>((resolve) =>
      client.on('disconnected', (context) => resolve(context.code)),
    );
    misused.subscribe();
    expect(await outcome).toBe(3500);
  });

  it('refreshes an expired connection token through getToken', async () => {
    const expired = await server.context.signer.sign(
      { token_type: 'access', jti: 'expired', user_id: String(user.id), email: user.email },
      -60,
      String(user.id),
    );
    let tokenRequests = 0;
    const client = track(
      newClient(server.baseUrl, {
        token: expired,
        getToken: async () => {
          tokenRequests += 1;
          return user.access;
        },
      }),
    );
    client.connect();
    await client.ready(10_000);
    expect(tokenRequests).toBe(1);
  });

  it('answers malformed, unknown and oversized frames with a disconnect and keeps serving others', async () => {
    const client = await connected(newClient(server.baseUrl, { token: user.access }));
    const channel = channels.user(user.id);
    const subscription = subscribeWithEndpoint(client, server.baseUrl, channel, () => user.access);
    const received = collect(subscription);
    subscription.subscribe();
    await subscription.ready(10_000);

    const garbage = await rawSocket(server.baseUrl);
    garbage.socket.send('{"id":1,"connect":');
    expect((await garbage.closed).code).toBe(3501);

    const early = await rawSocket(server.baseUrl);
    early.socket.send('{"id":1,"subscribe":{"channel":"lab:1"}}');
    expect((await early.closed).code).toBe(3501);

    const unknown = await rawSocket(server.baseUrl);
    unknown.socket.send(JSON.stringify({ id: 1, connect: { token: user.access } }));
    unknown.socket.send(JSON.stringify({ id: 2, teleport: {} }));
    expect((await unknown.closed).code).toBe(3501);

    const explicitPing = await rawSocket(server.baseUrl);
    explicitPing.socket.send(
      `${JSON.stringify({ id: 1, connect: { token: user.access } })}\n{"id":2,"ping":{}}`,
    );
    await eventually(() => explicitPing.frames.some((frame) => frame.includes('"code":108')), {
      what: 'error 108',
    });
    explicitPing.socket.close();

    const huge = await rawSocket(server.baseUrl);
    huge.socket.send('x'.repeat(200 * 1024));
    expect((await huge.closed).code).toBe(1009);

    await server.context.realtime.publish(channel, notification(99));
    await eventually(() => received.length === 1, { what: 'publication after the bad clients' });
    expect(client.state).toBe('connected');
  });

  it('pings connected clients and disconnects one that never answers with 3012', async () => {
    const silent = await rawSocket(server.baseUrl);
    silent.socket.send(JSON.stringify({ id: 1, connect: { token: user.access } }));
    expect((await silent.closed).code).toBe(3012);
    expect(silent.frames).toContain('{}');

    // The real client answers pings: it is still connected after several pings, each with its pong deadline.
    const counting = pingCountingWebSocket();
    const client = await connected(
      newClient(server.baseUrl, { token: user.access, websocket: counting.websocket }),
    );
    let disconnects = 0;
    client.on('connecting', () => (disconnects += 1));
    await eventually(() => counting.pings() >= 3, { what: 'three pings' });
    expect(disconnects).toBe(0);
    expect(client.state).toBe('connected');
  });
});
