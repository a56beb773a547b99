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

/** Where the versions of each kind of record are kept: the table and the column that names the record. */
const versionTables = {
  method: { table: 'method_versions', record: 'method_id' },
  template: { table: 'template_versions', record: 'template_uuid' },
} as const;

type VersionedRecord = keyof typeof versionTables;

/** The kept versions of one record, as `v`; both tables have the same version columns. */
function keptVersions(executor: Executor, kind: VersionedRecord, recordId: number | string) {
  const { table, record } = versionTables[kind];
  return executor
    .selectFrom(`${table} as v` as 'method_versions as v')
    .where(sql<boolean>`${sql.ref(`v.${record}`)} = ${recordId}`);
}

/** A row with the content of one of its versions over it; the row itself when that version is current. */
async function atVersion<Row extends { version: number }>(
  executor: Executor,
  kind: VersionedRecord,
  recordId: number | string,
  row: Row,
  version: number | null | undefined,
): Promise<Row> {
  if (version === null || version === undefined || version === row.version) return row;
  const kept = await keptVersions(executor, kind, recordId)
    .select(['v.version', 'v.snapshot'])
    .where('v.version', '=', version)
    .executeTakeFirst();
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
  return atVersion(executor, 'method', row.id, row, version);
}

/** The template row as one of its versions (what a record that pinned it processes and prints). */
export async function templateAtVersion<Row extends { uuid: string; version: number }>(
  executor: Executor,
  row: Row,
  version: number | null | undefined,
): Promise<Row> {
  return atVersion(executor, 'template', row.uuid, row, version);
}

export function createRecordVersionsRepository(db: Kysely<Database>) {
  /** The kept versions of one record with their authors' names. */
  const versionsOf = (executor: Executor, kind: VersionedRecord, recordId: number | string) =>
    keptVersions(executor, kind, recordId)
      .leftJoin('users as u', 'u.id', 'v.created_by')
      .select(['v.version', 'v.created_at', 'v.created_by', 'v.reason', 'v.snapshot'])
      .select(sql<string | null>`coalesce(nullif(u.full_name, ''), u.email)`.as('author'));
  const list = (executor: Executor, kind: VersionedRecord, recordId: number | string) =>
    versionsOf(executor, kind, recordId).orderBy('v.version', 'desc').execute();
  const one = (executor: Executor, kind: VersionedRecord, recordId: number | string, version: number) =>
    versionsOf(executor, kind, recordId).where('v.version', '=', version).executeTakeFirst();

  return {
    async methodVersions(methodId: number, executor: Executor = db): Promise<VersionRow[]> {
      return list(executor, 'method', methodId);
    },
    async methodVersion(methodId: number, version: number, executor: Executor = db) {
      return one(executor, 'method', methodId, version);
    },
    async templateVersions(uuid: string, executor: Executor = db): Promise<VersionRow[]> {
      return list(executor, 'template', uuid);
    },
    async templateVersion(uuid: string, version: number, executor: Executor = db) {
      return one(executor, 'template', uuid, version);
    },
  };
}

export type RecordVersionsRepository = ReturnType<typeof createRecordVersionsRepository>;
