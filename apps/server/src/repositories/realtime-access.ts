// What the realtime authorization reads: measurement ownership and coverage by a share, and active share
// tokens (not revoked, not expired).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface ShareTokenRow {
  id: number;
  object_type: string;
  object_id: number;
  expires_at: Date;
}

export type ShareScopeType = 'sample' | 'injection' | 'sequence';

export function createRealtimeAccessRepository(db: Kysely<Database>) {
  async function firstActive(where: ReturnType<typeof sql>): Promise<ShareTokenRow | undefined> {
    const result = await sql<ShareTokenRow>`
      select id, object_type, object_id, expires_at from "shareTokens"
      where ${where} and revoked_at is null and expires_at > now()`.execute(db);
    return result.rows[0];
  }
  return {
    async measurementOwnedBy(measurementId: number, userId: number): Promise<boolean> {
      const result = await sql<{ one: number }>`
        select 1 as one from measurements where id = ${measurementId} and owner_id = ${userId}`.execute(db);
      return result.rows.length > 0;
    },

    /** A sample covers the measurements of its injections, a sequence its injections', an injection its own. */
    async measurementCoveredBy(measurementId: number, type: ShareScopeType, id: number): Promise<boolean> {
      const covers =
        type === 'injection'
          ? sql`m.injection_id = ${id}`
          : type === 'sample'
            ? sql`(i.sample_id = ${id} or (m.injection_id is null and m.sample_id = ${id}))`
            : sql`i.sequence_id = ${id}`;
      const result = await sql<{ one: number }>`
        select 1 as one from measurements m left join injections i on i.id = m.injection_id
        where m.id = ${measurementId} and ${covers}`.execute(db);
      return result.rows.length > 0;
    },

    activeShareById: (id: number) => firstActive(sql`id = ${id}`),
    activeShareByToken: (token: string) => firstActive(sql`token = ${token}`),
  };
}

export type RealtimeAccessRepository = ReturnType<typeof createRealtimeAccessRepository>;
