// What the realtime authorization reads: measurements, sequences and instruments of the user's current
// workspace (its role reading them), coverage of a measurement by a share, and active share
// tokens (not revoked, not expired).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { workspaceWhere } from './workspace-scope.ts';

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
    /** Whether the measurement is in the user's current workspace and its role there reads measurements. */
    async measurementReadableBy(measurementId: number, userId: number): Promise<boolean> {
      const result = await sql<{ one: number }>`
        select 1 as one from measurements
        where id = ${measurementId} and workspace_id in ${workspaceWhere(userId, 'measurements.read')}`.execute(
        db,
      );
      return result.rows.length > 0;
    },

    /** Whether the sequence is in the user's current workspace and its role there reads sequences. */
    async sequenceReadableBy(sequenceId: number, userId: number): Promise<boolean> {
      const result = await sql<{ one: number }>`
        select 1 as one from sequences
        where id = ${sequenceId} and workspace_id in ${workspaceWhere(userId, 'sequences.read')}`.execute(db);
      return result.rows.length > 0;
    },

    /** Whether the instrument is in the user's current workspace and its role there reads instruments. */
    async deviceReadableBy(deviceId: number, userId: number): Promise<boolean> {
      const result = await sql<{ one: number }>`
        select 1 as one from devices
        where id = ${deviceId} and workspace_id in ${workspaceWhere(userId, 'instruments.read')}`.execute(db);
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
