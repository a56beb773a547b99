// SQL of method and template versions (migration 0029): the kept snapshots with their authors, and a record
// read as one version — the row as stored now with that version's content over it, which is what a sequence,
// injection or result that pinned the version shows, runs and processes.
import { sql, type Kysely } from 'kysely';
import type { Database, Executor } from '../db/schema.ts';

export interface VersionRow {
  version: number;
  created_at: Date;
  created_by: number | null;
  author: string | null;
  reason: string | null;
  snapshot: Record<string, unknown>;
}

/**
 * Names who saves, and why, for the rest of the transaction: a method or template version made by a write in
 * it records them (migration 0029, `version_actor()`, `version_reason()`), whatever statement made it.
 */
export async function setVersionActor(
  executor: Executor,
  userId: number,
  reason: string | null = null,
): Promise<void> {
  await sql`select set_config('eluent.actor', ${String(userId)}, true), set_config('eluent.version_reason', ${reason ?? ''}, true)`.execute(
    executor,
  );
}

/** A row with the content of one of its versions over it; the row itself when that version is current. */
function atVersion<Row extends { version: number }>(
  row: Row,
  kept: Pick<VersionRow, 'version' | 'snapshot'> | undefined,
): Row {
  if (!kept || kept.version === row.version) return row;
  // The times of the row stay typed as stored; the content is the version's.
  const { created_at: _createdAt, updated_at: _updatedAt, ...content } = kept.snapshot;
  return { ...row, ...content, version: kept.version };
}

/** The method row as one of its versions (what a record that pinned it runs); as stored when none is given. */
export async function methodAtVersion<Row extends { id: number; version: number }>(
  executor: Executor,
  row: Row,
  version: number | null | undefined,
): Promise<Row> {
  if (version === null || version === undefined || version === row.version) return row;
  const kept = await executor
    .selectFrom('method_versions')
    .select(['version', 'snapshot'])
    .where('method_id', '=', row.id)
    .where('version', '=', version)
    .executeTakeFirst();
  return atVersion(row, kept);
}

/** The template row as one of its versions (what a record that pinned it processes and prints). */
export async function templateAtVersion<Row extends { uuid: string; version: number }>(
  executor: Executor,
  row: Row,
  version: number | null | undefined,
): Promise<Row> {
  if (version === null || version === undefined || version === row.version) return row;
  const kept = await executor
    .selectFrom('template_versions')
    .select(['version', 'snapshot'])
    .where('template_uuid', '=', row.uuid)
    .where('version', '=', version)
    .executeTakeFirst();
  return atVersion(row, kept);
}

export function createRecordVersionsRepository(db: Kysely<Database>) {
  const methodVersions = (executor: Executor) =>
    executor
      .selectFrom('method_versions as v')
      .leftJoin('users as u', 'u.id', 'v.created_by')
      .select(['v.version', 'v.created_at', 'v.created_by', 'v.reason', 'v.snapshot'])
      .select(sql<string | null>`coalesce(nullif(u.full_name, ''), u.email)`.as('author'));
  const templateVersions = (executor: Executor) =>
    executor
      .selectFrom('template_versions as v')
      .leftJoin('users as u', 'u.id', 'v.created_by')
      .select(['v.version', 'v.created_at', 'v.created_by', 'v.reason', 'v.snapshot'])
      .select(sql<string | null>`coalesce(nullif(u.full_name, ''), u.email)`.as('author'));

  return {
    async methodVersions(methodId: number, executor: Executor = db): Promise<VersionRow[]> {
      return methodVersions(executor)
        .where('v.method_id', '=', methodId)
        .orderBy('v.version', 'desc')
        .execute();
    },
    async methodVersion(methodId: number, version: number, executor: Executor = db) {
      return methodVersions(executor)
        .where('v.method_id', '=', methodId)
        .where('v.version', '=', version)
        .executeTakeFirst();
    },
    async templateVersions(uuid: string, executor: Executor = db): Promise<VersionRow[]> {
      return templateVersions(executor)
        .where('v.template_uuid', '=', uuid)
        .orderBy('v.version', 'desc')
        .execute();
    },
    async templateVersion(uuid: string, version: number, executor: Executor = db) {
      return templateVersions(executor)
        .where('v.template_uuid', '=', uuid)
        .where('v.version', '=', version)
        .executeTakeFirst();
    },
  };
}

export type RecordVersionsRepository = ReturnType<typeof createRecordVersionsRepository>;
