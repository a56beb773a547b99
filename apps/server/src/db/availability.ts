// Whether the database answers. Anything that sees a lost connection reports it; while the database is
// down a probe retries with backoff, requests answer 503, and background work waits in `whenUp()` and
// continues once the probe succeeds. PGlite runs in the process and never goes away.

import { isConnectionError } from '../lib/connection-errors.ts';

export { isConnectionError };

export interface AvailabilityLogger {
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
}

export interface DatabaseAvailability {
  /** False from a reported connection failure until a probe succeeds again. */
  readonly up: boolean;
  /** True for PGlite: the database runs inside this process and cannot be lost on its own. */
  readonly inProcess?: boolean;
  /** True once the database handle is closed (server stop): nothing waits for it any more. */
  readonly closed: boolean;
  /** Reports an error; a connection error marks the database down and starts the probe. */
  report(error: unknown): void;
  /** Resolves at once while up, else when the probe next succeeds (or the handle closes). */
  whenUp(): Promise<void>;
  /** Called each time the database comes back after an outage. */
  onRestored(listener: () => void): void;
  close(): void;
}

export interface AvailabilityOptions {
  probe: () => Promise<void>;
  logger?: AvailabilityLogger;
  firstDelayMs?: number;
  maxDelayMs?: number;
}

/** Watches one database; `probe` runs `select 1` (or similar) on a fresh connection. */
export function createAvailability(options: AvailabilityOptions): DatabaseAvailability {
  const firstDelay = options.firstDelayMs ?? 250;
  const maxDelay = options.maxDelayMs ?? 5000;
  let up = true;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let waiters: Array<() => void> = [];
  const restoredListeners: Array<() => void> = [];

  function settle(): void {
    const pending = waiters;
    waiters = [];
    for (const resolve of pending) resolve();
  }

  function schedule(delay: number, attempt: number): void {
    timer = setTimeout(() => {
      timer = undefined;
      options.probe().then(
        () => {
          if (closed) return;
          up = true;
          options.logger?.info({ attempts: attempt }, 'database reachable again');
          settle();
          for (const listener of restoredListeners) listener();
        },
        () => {
          if (!closed) schedule(Math.min(delay * 2, maxDelay), attempt + 1);
        },
      );
    }, delay);
    // The probe keeps nothing alive on its own: a stopping server exits even while the database is down.
    timer.unref();
  }

  return {
    get up() {
      return up;
    },
    get closed() {
      return closed;
    },
    report(error) {
      if (closed || !up || !isConnectionError(error)) return;
      up = false;
      options.logger?.warn({ err: error }, 'database unreachable; retrying');
      schedule(firstDelay, 1);
    },
    whenUp() {
      if (up || closed) return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },
    onRestored(listener) {
      restoredListeners.push(listener);
    },
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      settle();
    },
  };
}

/** For PGlite: always up. */
export function alwaysAvailable(): DatabaseAvailability {
  return {
    up: true,
    inProcess: true,
    closed: false,
    report: () => undefined,
    whenUp: () => Promise.resolve(),
    onRestored: () => undefined,
    close: () => undefined,
  };
}

/**
 * Runs `step` until it succeeds or fails for a reason other than a lost connection: after a connection
 * error it waits for the database and tries again. For idempotent background steps only.
 */
export async function retryWhileUnavailable<T>(
  availability: DatabaseAvailability,
  step: () => Promise<T>,
  stopped: () => boolean = () => false,
): Promise<T> {
  for (;;) {
    try {
      return await step();
    } catch (error) {
      if (!isConnectionError(error) || stopped() || availability.closed) throw error;
      availability.report(error);
      await availability.whenUp();
      if (stopped() || availability.closed) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
