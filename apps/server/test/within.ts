// Proves "does not hang" in medium tests: a generous limit, never a timing assertion.
import { scaled } from './eventually.ts';

/**
 * Rejects when `promise` has not settled within `ms` of the development machine (a hang, not a slow
 * answer), stretched by the run's time scale (`scaled`).
 */
export function within<T>(developmentMs: number, promise: Promise<T>, what: string): Promise<T> {
  const ms = scaled(developmentMs);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
