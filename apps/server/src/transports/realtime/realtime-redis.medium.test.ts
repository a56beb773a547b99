// Scale-out: two server processes sharing Redis (and the secret). A client on one receives what is
// published on the other, history and presence span both, and recovery works across them.
import { randomBytes } from 'node:crypto';
import { Centrifuge, State, type PublicationContext } from 'centrifuge';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channels, type UserNotification } from '@eluent/contracts';
import { signUp, startTestServer, type TestServer } from '../../../test/harness.ts';
import { emulationPaths } from './emulation.ts';
import { newClient, subscribeWithEndpoint } from './test-clients.ts';
import { eventually } from '../../../test/eventually.ts';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

function notification(index: number): UserNotification {
  return {
    type: 'notification',
    id: `n${index}`,
    level: 'info',
    kind: 'test',
    message: '',
    link: null,
    at: '',
  };
}

describe('realtime across two server processes through Redis', () => {
  const prefix = `eluent-test-${randomBytes(4).toString('hex')}`;
  let first: TestServer;
  let second: TestServer;

  beforeAll(async () => {
    const env = {
      REDIS_URL,
      ELUENT_REDIS_PREFIX: prefix,
      ELUENT_SECRET: randomBytes(32).toString('hex'),
    };
    // Separate embedded databases: realtime needs only the shared secret and Redis.
    first = await startTestServer({ backend: { name: 'pglite' }, env });
    second = await startTestServer({ backend: { name: 'pglite' }, env });
  });

  afterAll(async () => {
    await first?.dispose();
    await second?.dispose();
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('delivers publications of one process to clients of the other, with history and presence', async () => {
    const user = await signUp(first.baseUrl);
    const channel = channels.user(user.id);
    const onFirst = newClient(first.baseUrl, { token: user.access });
    const onSecond = newClient(second.baseUrl, { token: user.access });
    const subscriptions = [onFirst, onSecond].map((client, index) => {
      const baseUrl = index === 0 ? first.baseUrl : second.baseUrl;
      return subscribeWithEndpoint(client, baseUrl, channel, () => user.access);
    });
    const received: PublicationContext[][] = [[], []];
    subscriptions.forEach((subscription, index) => {
      subscription.on('publication', (context) => received[index]!.push(context));
    });
    for (const client of [onFirst, onSecond]) client.connect();
    for (const subscription of subscriptions) subscription.subscribe();
    await Promise.all(subscriptions.map((subscription) => subscription.ready(10_000)));

    await second.context.realtime.publish(channel, notification(1));
    await first.context.realtime.publish(channel, notification(2));
    await eventually(() => received.every((list) => list.length === 2), {
      what: 'both publications on both processes',
    });
    for (const list of received) {
      expect(list.map((context) => (context.data as UserNotification).id)).toEqual(['n1', 'n2']);
    }
    expect(received[0]!.map((context) => context.offset)).toEqual(
      received[1]!.map((context) => context.offset),
    );

    const history = await subscriptions[0]!.history({ limit: 10 });
    expect(history.publications.map((publication) => (publication.data as UserNotification).id)).toEqual([
      'n1',
      'n2',
    ]);
    expect(await subscriptions[1]!.presenceStats()).toEqual({ numClients: 2, numUsers: 1 });
    onFirst.disconnect();
    onSecond.disconnect();
  });

  it('recovers on the other process what was published while the client was away', async () => {
    const user = await signUp(first.baseUrl);
    const channel = channels.user(user.id);
    const client = newClient(first.baseUrl, { token: user.access });
    const subscription = subscribeWithEndpoint(client, first.baseUrl, channel, () => user.access, {
      recoverable: true,
    });
    const received: PublicationContext[] = [];
    subscription.on('publication', (context) => received.push(context));
    client.connect();
    subscription.subscribe();
    await subscription.ready(10_000);
    await second.context.realtime.publish(channel, notification(1));
    await eventually(() => received.length === 1, { what: 'first publication' });

    let recovered: boolean | undefined;
    subscription.on('subscribed', (context) => {
      if (context.wasRecovering) recovered = context.recovered;
    });
    let published = false;
    client.once('connecting', () => {
      void second.context.realtime
        .publish(channel, notification(2))
        .then(() => second.context.realtime.publish(channel, notification(3)))
        .then(() => (published = true));
    });
    await first.context.realtime.disconnectUser(user.id);
    await eventually(() => published && recovered !== undefined, { what: 'recovery' });
    await eventually(() => received.length === 3, { what: 'recovered publications' });
    expect(recovered).toBe(true);
    expect(received.map((context) => (context.data as UserNotification).id)).toEqual(['n1', 'n2', 'n3']);
    client.disconnect();
  });

  it("ends a user's connections on the other process through the control channel", async () => {
    const user = await signUp(first.baseUrl);
    const bystander = await signUp(first.baseUrl);
    const onSecond = newClient(second.baseUrl, { token: user.access });
    const reconnecting = newClient(second.baseUrl, { token: user.access });
    const other = newClient(second.baseUrl, { token: bystander.access });
    for (const client of [onSecond, other]) client.connect();
    await Promise.all([onSecond, other].map((client) => client.ready(10_000)));
    const otherCodes: number[] = [];
    other.on('disconnected', (context) => otherCodes.push(context.code));
    other.on('connecting', (context) => otherCodes.push(context.code));

    const ended = new Promise<number>((resolve) =>
      onSecond.on('disconnected', (context) => resolve(context.code)),
    );
    await first.context.realtime.disconnectUser(user.id, { code: 3503, reason: 'force disconnect' });
    expect(await ended).toBe(3503);
    expect(onSecond.state).toBe(State.Disconnected);

    reconnecting.connect();
    await reconnecting.ready(10_000);
    const codes: number[] = [];
    reconnecting.on('connecting', (context) => codes.push(context.code));
    await first.context.realtime.disconnectUser(user.id);
    await eventually(() => codes.includes(3011), { what: 'force reconnect on the other process' });
    await reconnecting.ready(10_000);
    expect(otherCodes).toEqual([]);
    for (const client of [onSecond, reconnecting, other]) client.disconnect();
  });

  it('passes emulation commands posted to one process on to the process holding the stream', async () => {
    const user = await signUp(first.baseUrl);
    const client = new Centrifuge(
      [{ transport: 'http_stream', endpoint: `${second.baseUrl}${emulationPaths.httpStream}` }],
      {
        token: user.access,
        emulationEndpoint: `${first.baseUrl}${emulationPaths.emulation}`,
        fetch: globalThis.fetch,
        readableStream: globalThis.ReadableStream,
        timeout: 10_000,
      },
    );
    client.connect();
    await client.ready(10_000);
    const channel = channels.user(user.id);
    const subscription = subscribeWithEndpoint(client, first.baseUrl, channel, () => user.access);
    const received: PublicationContext[] = [];
    subscription.on('publication', (context) => received.push(context));
    subscription.subscribe();
    await subscription.ready(10_000);
    await first.context.realtime.publish(channel, notification(7));
    await eventually(() => received.length === 1, {
      what: 'publication over the stream of the other process',
    });
    expect((await client.rpc('echo', { via: 'first' })).data).toEqual({ via: 'first' });
    client.disconnect();
  });
});
