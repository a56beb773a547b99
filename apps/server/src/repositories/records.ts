// Record numbers without gaps per workspace (migration 0015): a sequence's number (taken by a trigger when
// it is inserted) and issued reports, numbered by `next_record_number` in the insert of their record.
import { sql } from 'kysely';
import type { Executor } from '../db/schema.ts';

/** The record number of each sequence asked for. */
export async function sequenceNumbers(db: Executor, sequenceIds: number[]): Promise<Map<number, number>> {
  if (sequenceIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('sequence_records')
    .select(['sequence_id', 'number'])
    .where('sequence_id', 'in', sequenceIds)
    .execute();
  return new Map(rows.map((row) => [row.sequence_id, row.number]));
}

/** Records an issued report with the workspace's next report number, in the caller's transaction. */
export async function issueReport(
  db: Executor,
  values: { workspaceId: number; kind: 'sequence' | 'injection'; subjectId: number; issuedBy: number },
) {
  return db
    .insertInto('issued_reports')
    .values({
      workspace_id: values.workspaceId,
      number: sql<number>`next_record_number(${values.workspaceId}, 'report')`,
      kind: values.kind,
      subject_id: values.subjectId,
      issued_by: values.issuedBy,
    })
    .returning(['id', 'number', 'issued_at'])
    .executeTakeFirstOrThrow();
}
