// Counters in fixed windows, for rate limits and lockouts: in memory for one process, in Redis when
// REDIS_URL is set so every process counts against the same numbers.
import type { Redis } from 'ioredis';

export interface WindowCount {
  count: number;
  /** Milliseconds until the window ends and the count starts again from zero. */
  resetMs: number;
}

export interface CounterStore {
  /** Adds one to `key` in its current window (started by the first hit, `windowMs` long). */
  hit(key: string, windowMs: number): Promise<WindowCount>;
  /** The count of `key` in its current window, without adding. */
  peek(key: string): Promise<WindowCount>;
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}

export function createMemoryCounters(now: () => number = Date.now): CounterStore {
  const windows = new Map<string, { count: number; endsAt: number }>();
  const live = (key: string) => {
    const window = windows.get(key);
    if (window && window.endsAt <= now()) {
      windows.delete(key);
      return undefined;
    }
    return window;
  };
  let hits = 0;
  return {
    async hit(key, windowMs) {
      // Expired windows are swept now and then so abandoned keys do not pile up.
      if (++hits % 1000 === 0) for (const name of [...windows.keys()]) live(name);
      const window = live(key) ?? { count: 0, endsAt: now() + windowMs };
      window.count++;
      windows.set(key, window);
      return { count: window.count, resetMs: window.endsAt - now() };
    },
    async peek(key) {
      const window = live(key);
      return window ? { count: window.count, resetMs: window.endsAt - now() } : { count: 0, resetMs: 0 };
    },
    async clear(key) {
      windows.delete(key);
    },
    async close() {
      windows.clear();
    },
  };
}

const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('PTTL', KEYS[1])}`;

export function createRedisCounters(options: {
  /** Unconnected (redis-clients.ts): it connects on the first count, not when the server is composed. */
  redis: Redis;
  prefix: string;
}): CounterStore {
  const { redis } = options;
  const name = (key: string) => `${options.prefix}:counter:${key}`;
  return {
    async hit(key, windowMs) {
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, name(key), String(windowMs))) as [number, number];
      return { count, resetMs: Math.max(0, ttl) };
    },
    async peek(key) {
      const [count, ttl] = await redis
        .multi()
        .get(name(key))
        .pttl(name(key))
        .exec()
        .then((replies) => [Number(replies?.[0]?.[1] ?? 0), Number(replies?.[1]?.[1] ?? 0)]);
      return { count: count ?? 0, resetMs: Math.max(0, ttl ?? 0) };
    },
    async clear(key) {
      await redis.del(name(key));
    },
    async close() {
      redis.disconnect();
    },
  };
}
