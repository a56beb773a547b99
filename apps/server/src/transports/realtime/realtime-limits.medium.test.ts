// Token lifetimes and per-connection limits: short-lived tokens are refreshed without losing the connection,
// and a client that stops reading is cut off as slow while the others get everything.
import { randomBytes } from 'node:crypto';
import type { PublicationContext } from 'centrifuge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channels, type UserNotification } from '@eluent/contracts';
import { signUp, startTestServer, type TestServer } from '../../../test/harness.ts';
import { fetchSubscriptionToken, newClient, rawSocket, subscribeWithEndpoint } from './test-clients.ts';
import { eventually } from '../../../test/eventually.ts';

function notification(index: number, message = `message ${index}`): UserNotification {
  return { type: 'notification', id: `n${index}`, level: 'info', kind: 'test', message, link: null, at: '' };
}

describe('realtime token lifetimes and limits', () => {
  let server: TestServer;
  let user: Awaited<ReturnType<typeof signUp>>;

  beforeAll(async () => {
    server = await startTestServer({
      backend: { name: 'pglite' },
      env: {
        ELUENT_ACCESS_TOKEN_LIFETIME_SEC: '5',
        ELUENT_REALTIME_SUBSCRIPTION_TOKEN_LIFETIME_SEC: '2',
        ELUENT_REALTIME_EXPIRY_GRACE_SEC: '1',
        ELUENT_REALTIME_CLIENT_QUEUE_BYTES: String(64 * 1024),
      },
    });
    user = await signUp(server.baseUrl);
  });

  afterAll(async () => {
    await server.dispose();
  });

  it('refreshes expiring connection and subscription tokens and stays subscribed', async () => {
    let connectionTokens = 0;
    let subscriptionTokens = 0;
    const client = newClient(server.baseUrl, {
      getToken: async () => {
        connectionTokens += 1;
        return (await server.context.sessions.issue({ id: user.id, email: user.email })).access;
      },
    });
    let interruptions = 0;
    client.on('connecting', (context) => {
      if (context.code !== 0) interruptions += 1;
    });
    const channel = channels.user(user.id);
    let access = user.access;
    const subscription = subscribeWithEndpoint(client, server.baseUrl, channel, () => access, {
      onToken: () => (subscriptionTokens += 1),
    });
    const received: PublicationContext[] = [];
    subscription.on('publication', (context) => received.push(context));
    client.connect();
    subscription.subscribe();
    await subscription.ready(10_000);
    access = (await server.context.sessions.issue({ id: user.id, email: user.email })).access;

    // Past both lifetimes plus the grace: without refreshes the server would have ended both.
    await eventually(() => connectionTokens >= 2 && subscriptionTokens >= 4, {
      what: 'token refreshes',
      deadline: 15_000,
    });
    await server.context.realtime.publish(channel, notification(1));
    await eventually(() => received.length === 1, { what: 'publication after the refreshes' });
    expect(interruptions).toBe(0);
    expect(client.state).toBe('connected');
    client.disconnect();
  });

  it('ends a connection whose token is not refreshed with 3005', async () => {
    const { access } = await server.context.sessions.issue({ id: user.id, email: user.email });
    const socket = await rawSocket(server.baseUrl);
    socket.socket.send(JSON.stringify({ id: 1, connect: { token: access } }));
    socket.socket.on('message', (data) => {
      if (Buffer.isBuffer(data) && data.toString() === '{}') socket.socket.send('{}');
    });
    expect((await socket.closed).code).toBe(3005);
    expect(socket.frames[0]).toContain('"expires":true');
  });
});

// Normal token lifetimes here, so that a slow machine's long publishing never ends a connection by expiry.
describe('realtime per-connection limits', () => {
  let slowServer: TestServer;
  let user: Awaited<ReturnType<typeof signUp>>;

  beforeAll(async () => {
    slowServer = await startTestServer({
      backend: { name: 'pglite' },
      env: { ELUENT_REALTIME_CLIENT_QUEUE_BYTES: String(64 * 1024) },
    });
    user = await signUp(slowServer.baseUrl);
  });

  afterAll(async () => {
    await slowServer.dispose();
  });

  it('disconnects a client that stops reading with 3008 and still serves the others', async () => {
    const channel = channels.user(user.id);
    const fresh = await slowServer.context.sessions.issue({ id: user.id, email: user.email });
    const reader = newClient(slowServer.baseUrl, { token: fresh.access });
    const subscription = subscribeWithEndpoint(reader, slowServer.baseUrl, channel, () => fresh.access);
    const received: PublicationContext[] = [];
    subscription.on('publication', (context) => received.push(context));
    reader.connect();
    subscription.subscribe();
    await subscription.ready(10_000);

    const slow = await rawSocket(slowServer.baseUrl);
    const token = (await fetchSubscriptionToken(slowServer.baseUrl, channel, { token: fresh.access })).token;
    slow.socket.send(
      `${JSON.stringify({ id: 1, connect: { token: fresh.access } })}\n${JSON.stringify({ id: 2, subscribe: { channel, token } })}`,
    );
    await eventually(() => slow.frames.some((frame) => frame.includes('"id":2')), {
      what: 'slow client subscribed',
    });
    const connectionsBefore = slowServer.context.realtime.connectionCount();
    (slow.socket as unknown as { _socket: { pause(): void; resume(): void } })._socket.pause();

    // The kernel's socket buffers take the first megabytes the paused client does not read (their size
    // depends on the machine), so publications go on until the server cuts the slow client off.
    const message = randomBytes(16 * 1024).toString('hex');
    const limit = 4_000;
    let count = 0;
    while (slowServer.context.realtime.connectionCount() === connectionsBefore && count < limit) {
      await slowServer.context.realtime.publish(channel, notification(count, message));
      count += 1;
      // The reading client lives in this process too: let it read between publications.
      await new Promise((resolve) => setImmediate(resolve));
    }
    await eventually(() => slowServer.context.realtime.connectionCount() === connectionsBefore - 1, {
      what: `slow client dropped after ${count} publications`,
      deadline: 20_000,
    });
    (slow.socket as unknown as { _socket: { resume(): void } })._socket.resume();
    expect([3008, 1006]).toContain((await slow.closed).code);
    await eventually(() => received.length === count, {
      what: 'every publication for the reading client',
      deadline: 20_000,
    });
    reader.disconnect();
  });
});
