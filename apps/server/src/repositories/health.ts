// The health check's question to the database: does it answer a trivial statement.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export function createHealthRepository(db: Kysely<Database>) {
  return {
    async ping(): Promise<void> {
      await sql`select 1`.execute(db);
    },
  };
}

export type HealthRepository = ReturnType<typeof createHealthRepository>;
