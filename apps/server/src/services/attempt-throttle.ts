// Guessing protection for secrets a person types or a device presents (pairing codes, device credentials):
// at most `perMinute` attempts per key and minute, and after `maxFailures` failures a key is locked out
// until its failure window ends. Keys name a serial number or a client address.
import type { FastifyBaseLogger } from 'fastify';
import type { CounterStore } from '../repositories/counters.ts';

export const LOCKOUT_WINDOW_MS = 15 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterSec: number; reason: string };

export interface AttemptThrottleOptions {
  store: CounterStore;
  logger: FastifyBaseLogger;
  /** Attempts per key and minute. */
  perMinute: number;
  /** Failures per key within 15 minutes before the key is locked out for the rest of them. */
  maxFailures: number;
}

export function createAttemptThrottle(options: AttemptThrottleOptions) {
  const { store, logger } = options;
  const retryAfter = (resetMs: number) => Math.max(1, Math.ceil(resetMs / 1000));

  return {
    /** Counts an attempt for every key; refuses when one of them is over its rate or locked out. */
    async attempt(keys: string[], about: Record<string, unknown>): Promise<ThrottleVerdict> {
      for (const key of keys) {
        const failures = await store.peek(`failures:${key}`);
        if (failures.count >= options.maxFailures) {
          logger.warn({ ...about, key }, 'attempt refused: locked out after repeated failures');
          return { allowed: false, retryAfterSec: retryAfter(failures.resetMs), reason: 'locked_out' };
        }
      }
      for (const key of keys) {
        const attempts = await store.hit(`attempts:${key}`, MINUTE_MS);
        if (attempts.count > options.perMinute) {
          logger.warn({ ...about, key }, 'attempt refused: too many attempts');
          return { allowed: false, retryAfterSec: retryAfter(attempts.resetMs), reason: 'rate' };
        }
      }
      return { allowed: true };
    },

    /** Records a failed attempt against every key; logs the failure and a lockout when it starts. */
    async failed(keys: string[], about: Record<string, unknown>): Promise<void> {
      for (const key of keys) {
        const failures = await store.hit(`failures:${key}`, LOCKOUT_WINDOW_MS);
        if (failures.count === options.maxFailures) {
          logger.warn(
            { ...about, key, failures: failures.count, lockedForSec: retryAfter(failures.resetMs) },
            'locked out after repeated failures',
          );
        }
      }
      logger.info(about, 'authentication attempt failed');
    },

    /** A success forgives the earlier failures of these keys. */
    async succeeded(keys: string[]): Promise<void> {
      for (const key of keys) await store.clear(`failures:${key}`);
    },
  };
}

export type AttemptThrottle = ReturnType<typeof createAttemptThrottle>;
