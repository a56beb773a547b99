// The audit trail: one append-only table whose rows the database chains with SHA-256 (migration 0012).
// GraphQL mutations write their events inside their own statement; services call writeAudit in the
// transaction of the change, so the event commits or rolls back with it.
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Database, Executor } from '../db/schema.ts';

export interface AuditEvent {
  /** Who made the change; null for the server's own work (the runner finishing a sequence). */
  userId: number | null;
  /** Whose object it is, when not the user's (the database falls back to userId). */
  ownerId?: number | null;
  /** The workspace of the changed object. */
  workspaceId?: number | null;
  /** The object kind: methods, postprocessingTemplates, devices, samples, sequences, drafts, measurements … */
  entity: string;
  entityId: string | number;
  action: 'insert' | 'update' | 'delete' | (string & {});
  /** A human name of the object; the database falls back to the `name` of the new or old values. */
  label?: string | null;
  /** The object whose trail also shows this event (a sequence for its rows, a measurement for its results). */
  parent?: { entity: string; id: string | number } | null;
  oldValues?: unknown;
  newValues?: unknown;
  reason?: string | null;
}

function json(value: unknown): string | null {
  return value === undefined || value === null ? null : JSON.stringify(value);
}

/**
 * Records one audit event with the caller's executor, so it commits or rolls back with the change.
 * @example await db.transaction().execute((trx) => writeAudit(trx, { userId, entity: 'peaks', entityId: 7, action: 'update', oldValues, newValues, reason }))
 */
export async function writeAudit(db: Executor, event: AuditEvent): Promise<void> {
  await db
    .insertInto('auditEvents')
    .values({
      user_id: event.userId,
      owner_id: event.ownerId ?? null,
      workspace_id: event.workspaceId ?? null,
      entity: event.entity,
      entity_id: String(event.entityId),
      action: event.action,
      label: event.label ?? null,
      parent_entity: event.parent?.entity ?? null,
      parent_id: event.parent ? String(event.parent.id) : null,
      old_values: json(event.oldValues),
      new_values: json(event.newValues),
      reason: event.reason ?? null,
    })
    .execute();
}

export interface AuditTarget {
  entity: string;
  ids: Array<number | string>;
}

const eventColumns = [
  'id',
  'chain_seq',
  'user_id',
  'user_email',
  'owner_id',
  'at',
  'entity',
  'entity_id',
  'label',
  'parent_entity',
  'parent_id',
  'action',
  'reason',
  'old_values',
  'new_values',
  'hash',
] as const;

export type AuditRow = Awaited<ReturnType<typeof auditOf>>[number];

function aboutTargets(eb: ExpressionBuilder<Database, 'auditEvents'>, targets: AuditTarget[]) {
  return eb.or(
    targets.flatMap((target) => {
      const ids = target.ids.map(String);
      return [
        eb.and([eb('entity', '=', target.entity), eb('entity_id', 'in', ids)]),
        eb.and([eb('parent_entity', '=', target.entity), eb('parent_id', 'in', ids)]),
      ];
    }),
  );
}

/**
 * The newest `limit` events about a set of objects (or whose parent they are), oldest first: an object's
 * trail, reports.
 */
export async function auditOf(db: Executor, targets: AuditTarget[], limit = 1000) {
  const wanted = targets.filter((target) => target.ids.length > 0);
  if (wanted.length === 0) return [];
  const newest = await db
    .selectFrom('auditEvents')
    .select(eventColumns)
    .where((eb) => aboutTargets(eb, wanted))
    .orderBy('chain_seq', 'desc')
    .limit(limit)
    .execute();
  return newest.reverse();
}

export interface AuditSearch {
  /** What the viewer may read: the events of their current workspace, and their own outside any. */
  visibleTo: { workspaceId: number; userId: number };
  userId?: number;
  entity?: string;
  action?: string;
  from?: Date;
  to?: Date;
  text?: string;
  offset: number;
  limit: number;
}

function visible(
  eb: ExpressionBuilder<Database, 'auditEvents'>,
  viewer: { workspaceId: number; userId: number },
) {
  return eb.or([
    eb('workspace_id', '=', viewer.workspaceId),
    eb.and([eb('workspace_id', 'is', null), eb('user_id', '=', viewer.userId)]),
  ]);
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

function searchConditions(eb: ExpressionBuilder<Database, 'auditEvents'>, search: AuditSearch) {
  const conditions: Array<Expression<SqlBool>> = [visible(eb, search.visibleTo)];
  if (search.userId !== undefined) conditions.push(eb('user_id', '=', search.userId));
  if (search.entity) conditions.push(eb('entity', '=', search.entity));
  if (search.action) conditions.push(eb('action', '=', search.action));
  if (search.from) conditions.push(eb('at', '>=', search.from));
  if (search.to) conditions.push(eb('at', '<', search.to));
  if (search.text) {
    const pattern = likePattern(search.text);
    conditions.push(
      eb.or([
        eb('label', 'ilike', pattern),
        eb('entity_id', 'ilike', pattern),
        eb('reason', 'ilike', pattern),
        eb('user_email', 'ilike', pattern),
        eb('action', 'ilike', pattern),
        eb(sql<string>`coalesce(old_values::text, '')`, 'ilike', pattern),
        eb(sql<string>`coalesce(new_values::text, '')`, 'ilike', pattern),
      ]),
    );
  }
  return eb.and(conditions);
}

/** One page of the events matching a search, newest first, with the number of all matches. */
export async function searchAudit(db: Executor, search: AuditSearch) {
  const [counted, rows] = await Promise.all([
    db
      .selectFrom('auditEvents')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where((eb) => searchConditions(eb, search))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('auditEvents')
      .select(eventColumns)
      .where((eb) => searchConditions(eb, search))
      .orderBy('chain_seq', 'desc')
      .offset(search.offset)
      .limit(search.limit)
      .execute(),
  ]);
  return { total: Number(counted.total), rows };
}

/** The kinds and actions present among the events a viewer may read, for the filters. */
export async function auditVocabulary(db: Executor, viewer: { workspaceId: number; userId: number }) {
  return db
    .selectFrom('auditEvents')
    .select(['entity', 'action'])
    .distinct()
    .where((eb) => visible(eb, viewer))
    .orderBy('entity')
    .orderBy('action')
    .execute();
}

/** A slice of the chain in order, each link with the canonical text its hash covers. */
export async function chainSlice(db: Executor, afterSeq: number, limit: number) {
  const rows = await sql<{
    id: number;
    chain_seq: number;
    prev_hash: string;
    hash: string;
    canonical: string;
  }>`select id, chain_seq, prev_hash, hash, audit_event_canonical(e) as canonical from "auditEvents" e where chain_seq > ${afterSeq} order by chain_seq limit ${limit}`.execute(
    db,
  );
  return rows.rows.map((row) => ({ ...row, id: Number(row.id), chain_seq: Number(row.chain_seq) }));
}

export async function chainHead(db: Executor) {
  const head = await db
    .selectFrom('auditChainHead')
    .select(['last_seq', 'last_hash'])
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return { lastSeq: Number(head.last_seq), lastHash: head.last_hash };
}

export type AuditedTable =
  'methods' | 'postprocessingTemplates' | 'devices' | 'samples' | 'sequences' | 'measurements' | 'overlays';

/** Whether the object exists and in which workspace (none: an example method every user reads). */
export async function objectWorkspace(db: Executor, table: AuditedTable, id: number) {
  const row = await db
    .selectFrom(table as 'methods')
    .select('workspace_id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? { workspaceId: row.workspace_id } : undefined;
}

export interface ReferencedIds {
  devices: number[];
  methods: number[];
  samples: number[];
  templates: string[];
  /** The users who made the events: their full names are printed beside their addresses. */
  users: number[];
}

/** The names of a workspace's instruments, methods, samples and templates (and the examples), for reading. */
export async function referenceNames(db: Executor, workspaceId: number, ids: ReferencedIds) {
  const named = async (table: 'devices' | 'methods' | 'samples', wanted: number[]) =>
    wanted.length === 0
      ? []
      : db
          .selectFrom(table as 'methods')
          .select(['id', 'name'])
          .where('id', 'in', wanted)
          .where((eb) => eb.or([eb('workspace_id', '=', workspaceId), eb('workspace_id', 'is', null)]))
          .execute();
  const [devices, methods, samples, templates] = await Promise.all([
    named('devices', ids.devices),
    named('methods', ids.methods),
    named('samples', ids.samples),
    ids.templates.length === 0
      ? []
      : db
          .selectFrom('postprocessingTemplates')
          .select(['uuid', 'name'])
          .where('uuid', 'in', ids.templates)
          .where((eb) => eb.or([eb('workspace_id', '=', workspaceId), eb('workspace_id', 'is', null)]))
          .execute(),
  ]);
  const users =
    ids.users.length === 0
      ? []
      : await db
          .selectFrom('users')
          .select(['id', 'full_name'])
          .where('id', 'in', ids.users)
          .where('full_name', '<>', '')
          .execute();
  return {
    devices: new Map(devices.map((row) => [String(row.id), row.name])),
    methods: new Map(methods.map((row) => [String(row.id), row.name])),
    samples: new Map(samples.map((row) => [String(row.id), row.name])),
    templates: new Map(templates.map((row) => [String(row.uuid), row.name])),
    users: new Map(users.map((row) => [String(row.id), row.full_name])),
  };
}
