// Every Redis connection of one server process, made here and only here: the composition root calls this
// once (with REDIS_URL) and hands each client to its user, which closes it. No client connects while the
// graph is built: each connects on its first command or when its user starts (docs/architecture.md).
import type { FastifyBaseLogger } from 'fastify';
import { Redis, type RedisOptions } from 'ioredis';

export interface RedisClients {
  /** Shared counters of rate limits and lockouts (repositories/counters.ts). */
  counters: Redis;
  /** The per-route rate limits of @fastify/rate-limit (transports/http/rate-limits.ts). */
  rateLimits: Redis;
  /** The realtime broker's commands and its subscriber (transports/realtime/redis-broker.ts). */
  realtimeCommands: Redis;
  realtimeSubscriber: Redis;
  /** The device cluster's publisher and subscriber (services/devices/cluster.ts). */
  clusterPublisher: Redis;
  clusterSubscriber: Redis;
}

/**
 * The six clients, unconnected, each with the options its user needs; a lost or refused connection is
 * logged under the user's name (ioredis reconnects by itself).
 */
export function createRedisClients(url: string, logger: FastifyBaseLogger): RedisClients {
  const client = (name: string, options: RedisOptions) => {
    const redis = new Redis(url, { lazyConnect: true, ...options });
    redis.on('error', (error: unknown) => logger.warn({ err: error }, `${name} redis`));
    return redis;
  };
  const realtime = { maxRetriesPerRequest: 2, enableAutoPipelining: true };
  return {
    counters: client('counters', { maxRetriesPerRequest: 2 }),
    rateLimits: client('rate-limit', { connectTimeout: 2000, maxRetriesPerRequest: 1 }),
    realtimeCommands: client('realtime', realtime),
    realtimeSubscriber: client('realtime', { ...realtime, enableAutoPipelining: false }),
    clusterPublisher: client('device cluster', { maxRetriesPerRequest: 3 }),
    clusterSubscriber: client('device cluster', {}),
  };
}

/** Drops every client still open at shutdown (their users quit theirs first; this ends the rest). */
export function disconnectRedisClients(clients: RedisClients): void {
  const all: Redis[] = [
    clients.counters,
    clients.rateLimits,
    clients.realtimeCommands,
    clients.realtimeSubscriber,
    clients.clusterPublisher,
    clients.clusterSubscriber,
  ];
  for (const client of all) client.disconnect();
}
