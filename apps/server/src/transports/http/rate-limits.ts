// Per-route rate limits (`config: { rateLimit }` on a route), keyed on the client address (`request.ip`,
// which follows X-Forwarded-For only through ELUENT_TRUST_PROXY hops). With REDIS_URL the counts live in
// Redis, so every server process draws from the same bucket.
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../../config.ts';

export async function registerRateLimits(app: FastifyInstance, config: Config): Promise<void> {
  if (!config.redisUrl) {
    await app.register(rateLimit, { global: false });
    return;
  }
  const redis = new Redis(config.redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1 });
  // Redis away: logged, and the limits are skipped until it is back (ioredis reconnects by itself).
  redis.on('error', (error) => app.log.warn({ err: error }, 'rate-limit redis'));
  app.addHook('onClose', async () => {
    redis.disconnect();
  });
  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: `${config.realtime.redisPrefix}:rate-limit:`,
    // Redis unreachable for a moment: answer rather than refuse everyone.
    skipOnError: true,
  });
}
