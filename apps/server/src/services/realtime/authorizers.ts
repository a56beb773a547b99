// Who reads `measurements:{id}`: its owner, or a visitor whose shared object covers the measurement (a sample →
// the measurements of its injections, a sequence → its injections' measurements, an injection → its own).
// Also how the server resolves visitors: share tokens from the database (see visitors.ts).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { TokenSigner } from '../tokens.ts';
import type { RealtimeHub } from '../../transports/realtime/hub.ts';
import type { VisitorSubject } from './subjects.ts';
import { createShareLookup, shareVisitorResolver } from './visitors.ts';

export function createMeasurementAccess(db: Kysely<Database>) {
  return {
    async ownedBy(measurementId: number, userId: number): Promise<boolean> {
      const result = await sql<{ one: number }>`
        select 1 as one from measurements where id = ${measurementId} and owner_id = ${userId}`.execute(db);
      return result.rows.length > 0;
    },

    async sharedWith(measurementId: number, visitor: VisitorSubject): Promise<boolean> {
      const { type, id } = visitor.scope;
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
  };
}

/** Visitors through the database, and the `measurements` namespace unless its module registered it already. */
export function registerServerAuthorizers(hub: RealtimeHub, db: Kysely<Database>, signer: TokenSigner): void {
  const shares = createShareLookup(db);
  hub.registerVisitorResolver(shareVisitorResolver(signer, shares), async (visitor) => {
    const id = visitor.claims.share_token_id;
    return typeof id === 'number' && (await shares.byId(id)) !== null;
  });
  if (hub.hasNamespace('measurements')) return;
  const measurements = createMeasurementAccess(db);
  hub.registerChannelAuthorizer('measurements', async (subject, measurementId) =>
    subject.kind === 'user'
      ? measurements.ownedBy(measurementId, subject.userId)
      : measurements.sharedWith(measurementId, subject),
  );
}
