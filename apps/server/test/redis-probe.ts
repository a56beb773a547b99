// Where the tests' Redis is and whether it answers (imported by the global set-up, so kept free of the server).
import { Redis } from 'ioredis';

export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether Redis answers; throws when it does not and CI is set (the suites through Redis must run, not skip). */
export async function redisReachable(): Promise<boolean> {
  const reachable = await pingRedis();
  if (!reachable && process.env.CI)
    throw new Error(
      `CI is set but Redis is not reachable at ${REDIS_URL}: the suites through Redis cannot run ` +
        '(start Redis or set REDIS_URL)',
    );
  return reachable;
}

async function pingRedis(): Promise<boolean> {
  const redis = new Redis(REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}
