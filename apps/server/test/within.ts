// Proves "does not hang" in medium tests: a generous limit, never a timing assertion.

/** Rejects when `promise` has not settled within `ms` (a hang, not a slow answer). */
export function within<T>(ms: number, promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
