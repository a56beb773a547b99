// Redis for the suites about several server processes: where it is, whether it answers, and two server
// processes sharing it.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { startTestServer, type TestServer } from './harness.ts';
import { REDIS_URL } from './redis-probe.ts';

export { REDIS_URL, redisReachable } from './redis-probe.ts';

/**
 * Two server processes on one PostgreSQL database and one Redis (a fresh key prefix and secret): `close`
 * stops both and drops the prefix's keys.
 */
export async function twoProcessesThroughRedis(): Promise<{
  first: TestServer;
  second: TestServer;
  close: () => Promise<void>;
}> {
  const prefix = `eluent-test-${randomBytes(4).toString('hex')}`;
  const env = { REDIS_URL, ELUENT_REDIS_PREFIX: prefix, ELUENT_SECRET: randomBytes(32).toString('hex') };
  const first = await startTestServer({ backend: { name: 'postgres' }, env });
  const second = await startTestServer({
    backend: { name: 'postgres' },
    env,
    reuse: { dataDir: first.dataDir, databaseUrl: first.databaseUrl },
  });
  return {
    first,
    second,
    close: async () => {
      await second.stop();
      await first.dispose();
      const redis = new Redis(REDIS_URL);
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    },
  };
}
