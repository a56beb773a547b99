// Building the graph has no side effects on the network: compose() opens no Redis connection (realtime
// broker, device cluster, shared counters); start() connects, close() lets go.
import { randomBytes } from 'node:crypto';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeEmbedded } from '../test/composed.ts';
import { REDIS_URL, redisReachable } from '../test/redis.ts';

/** A forwarder to Redis that counts the connections it accepted, in order. */
async function countingForwarder(target: URL) {
  const sockets = new Set<Socket>();
  let accepted = 0;
  const server: Server = createServer((client) => {
    accepted += 1;
    const upstream = connect(Number(target.port || 6379), target.hostname);
    sockets.add(client).add(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const url = `redis://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    url,
    accepted: () => accepted,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe.runIf(await redisReachable())('composition without side effects', () => {
  let forwarder: Awaited<ReturnType<typeof countingForwarder>>;

  beforeAll(async () => {
    forwarder = await countingForwarder(new URL(REDIS_URL));
  });
  afterAll(async () => forwarder?.close());

  it('opens no Redis connection until start(), and connects the realtime broker and device cluster then', async () => {
    const prefix = `eluent-test-${randomBytes(4).toString('hex')}`;
    const composition = await composeEmbedded({ REDIS_URL: forwarder.url, ELUENT_REDIS_PREFIX: prefix });
    try {
      // A connection of our own after compose() resolved: anything compose() opened was accepted before it.
      const probe = new Redis(forwarder.url);
      expect(await probe.ping()).toBe('PONG');
      probe.disconnect();
      expect(forwarder.accepted()).toBe(1);

      await composition.start();
      // Realtime broker (commands and subscriber) and device cluster (publisher and subscriber).
      expect(forwarder.accepted()).toBeGreaterThanOrEqual(5);
    } finally {
      await composition.dispose();
    }
  });
});
