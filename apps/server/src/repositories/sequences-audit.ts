// The audit trail rows of the sequences area: who changed what, old → new, and why.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface AuditEntry {
  userId: number | null;
  entity: string;
  entityId: number | string;
  action: string;
  oldValues?: unknown;
  newValues?: unknown;
  reason?: string | null;
}

export async function writeAuditEntry(
  trx: Kysely<Database> | Transaction<Database>,
  entry: AuditEntry,
): Promise<void> {
  await trx
    .insertInto('auditEvents')
    .values({
      user_id: entry.userId,
      entity: entry.entity,
      entity_id: String(entry.entityId),
      action: entry.action,
      old_values: entry.oldValues === undefined ? null : JSON.stringify(entry.oldValues),
      new_values: entry.newValues === undefined ? null : JSON.stringify(entry.newValues),
      reason: entry.reason ?? null,
    })
    .execute();
}

/** Audit rows about a set of entities, oldest first, for reports. */
export async function auditOf(
  db: Kysely<Database>,
  targets: Array<{ entity: string; ids: Array<number | string> }>,
  limit = 200,
) {
  const wanted = targets.filter((target) => target.ids.length > 0);
  if (wanted.length === 0) return [];
  return db
    .selectFrom('auditEvents')
    .select(['id', 'user_id', 'at', 'entity', 'entity_id', 'action', 'reason', 'old_values', 'new_values'])
    .where((eb) =>
      eb.or(
        wanted.map((t) => eb.and([eb('entity', '=', t.entity), eb('entity_id', 'in', t.ids.map(String))])),
      ),
    )
    .orderBy('id')
    .limit(limit)
    .execute();
}
