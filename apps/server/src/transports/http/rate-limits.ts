// Per-route rate limits (`config: { rateLimit }` on a route), keyed on the client address (`request.ip`,
// which follows X-Forwarded-For only through ELUENT_TRUST_PROXY hops). With REDIS_URL the counts live in
// Redis, so every server process draws from the same bucket.
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';

/** `redis`: the composition root's client (redis-clients.ts), present with REDIS_URL; `prefix` its keys'. */
export async function registerRateLimits(
  app: FastifyInstance,
  shared: { redis: Redis | undefined; prefix: string },
): Promise<void> {
  const { redis } = shared;
  if (!redis) {
    await app.register(rateLimit, { global: false });
    return;
  }
  // Redis away: logged by its client, and the limits are skipped until it is back (ioredis reconnects).
  app.addHook('onClose', async () => {
    redis.disconnect();
  });
  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: `${shared.prefix}:rate-limit:`,
    // Redis unreachable for a moment: answer rather than refuse everyone.
    skipOnError: true,
  });
}
