// Whether the database answers, for the health route and for transports that meet a lost connection: a
// failure is reported to the availability probe, which retries in the background.
import type { DatabaseAvailability } from '../db/availability.ts';
import { isConnectionError } from '../lib/connection-errors.ts';
import type { HealthRepository } from '../repositories/health.ts';

export function createHealthService(deps: {
  availability: DatabaseAvailability;
  repository: HealthRepository;
}) {
  const { availability } = deps;
  return {
    /** True when PostgreSQL (or PGlite) answers now; false while it is known down or fails to answer. */
    async databaseUp(): Promise<boolean> {
      if (!availability.up) return false;
      // PGlite lives in this process: answering at all proves it is there, and its one connection may be
      // held for seconds by a large import's transaction, which is busy, not down.
      if (availability.inProcess) return true;
      try {
        await deps.repository.ping();
        return true;
      } catch (error) {
        availability.report(error);
        return false;
      }
    },

    /** True when `error` is a lost database connection; it is then reported to the availability probe. */
    connectionLost(error: unknown): boolean {
      if (!isConnectionError(error)) return false;
      availability.report(error);
      return true;
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
