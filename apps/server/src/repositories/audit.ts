// The audit trail (who, when, entity, id, old → new values). GraphQL mutations write their events inside
// their own statement; services that change audited rows elsewhere call writeAudit in their transaction.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface AuditEvent {
  userId: number | null;
  /** Table name, as exposed in GraphQL: methods, postprocessingTemplates, sequences, drafts, peaks … */
  entity: string;
  entityId: string | number;
  action: 'insert' | 'update' | 'delete' | (string & {});
  oldValues?: unknown;
  newValues?: unknown;
  reason?: string | null;
}

/**
 * Records one audit event with the caller's transaction, so it commits or rolls back with the change.
 * @example await db.transaction().execute((trx) => writeAudit(trx, { userId, entity: 'peaks', entityId: 7, action: 'update', oldValues, newValues, reason }))
 */
export async function writeAudit(
  db: Kysely<Database> | Transaction<Database>,
  event: AuditEvent,
): Promise<void> {
  await db
    .insertInto('auditEvents')
    .values({
      user_id: event.userId,
      entity: event.entity,
      entity_id: String(event.entityId),
      action: event.action,
      old_values:
        event.oldValues === undefined || event.oldValues === null ? null : JSON.stringify(event.oldValues),
      new_values:
        event.newValues === undefined || event.newValues === null ? null : JSON.stringify(event.newValues),
      reason: event.reason ?? null,
    })
    .execute();
}
