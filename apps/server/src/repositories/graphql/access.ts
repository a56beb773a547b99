// Row permissions as SQL predicates, added to every statement the compiler emits: a user reads the rows of
// its current workspace and writes those its role there may write (the privilege table of docs/roles.md;
// example methods: readable by all, writable by none); a visitor reads only the shared object and what
// hangs under it, while its share token is neither revoked nor expired (checked in the statement).
import type { Privilege } from '@eluent/contracts';
import { sql, type RawBuilder } from 'kysely';
import { workspaceWhere } from '../workspace-scope.ts';
import type { TableDescriptor } from './descriptor.ts';

export type WriteOperation = 'insert' | 'update' | 'delete';

/** The privilege each exposed table needs per operation; an operation not named is refused. */
export const tablePrivileges: Record<
  string,
  { read: Privilege } & Partial<Record<WriteOperation, Privilege>>
> = {
  devices: { read: 'instruments.read', update: 'instruments.update' },
  methods: {
    read: 'methods.read',
    insert: 'methods.create',
    update: 'methods.update',
    delete: 'methods.delete',
  },
  postprocessingTemplates: {
    read: 'templates.read',
    insert: 'templates.create',
    update: 'templates.update',
    delete: 'templates.delete',
  },
  samples: { read: 'samples.read' },
  standards: { read: 'samples.read' },
  sequences: { read: 'sequences.read' },
  drafts: { read: 'sequences.read' },
  injections: { read: 'measurements.read' },
  measurements: { read: 'measurements.read', update: 'measurements.update' },
  processing_results: { read: 'results.read' },
  peaks: { read: 'results.read', update: 'results.process' },
  shareTokens: { read: 'shareLinks.read' },
  auditEvents: { read: 'audit.read' },
};

function privilegesOf(table: TableDescriptor) {
  const privileges = tablePrivileges[table.name];
  if (!privileges) throw new Error(`no privileges for table ${table.name}`);
  return privileges;
}

/** The workspaces (at most the current one) where the user may do `operation` on `table`'s rows. */
export function writableWorkspaces(
  table: TableDescriptor,
  userId: number,
  operation: WriteOperation,
): Sql | null {
  const privilege = privilegesOf(table)[operation];
  return privilege ? workspaceWhere(userId, privilege) : null;
}

export type ShareObjectType = 'sample' | 'injection' | 'sequence' | 'overlay';

export type Viewer =
  | { kind: 'user'; userId: number }
  | { kind: 'visitor'; shareTokenId: number; objectType: ShareObjectType; objectId: number };

type Sql = RawBuilder<unknown>;
const FALSE = sql`false`;

function col(alias: Sql, name: string): Sql {
  return sql`${alias}.${sql.id(name)}`;
}

/** Measurements under a shared object, as a subquery of ids. */
function sharedMeasurementIds(type: ShareObjectType, id: number): Sql {
  switch (type) {
    case 'sample':
      return sql`(select m.id from measurements m where m.sample_id = ${id} or m.injection_id in (select i.id from injections i where i.sample_id = ${id}))`;
    case 'sequence':
      return sql`(select m.id from measurements m join injections i on i.id = m.injection_id where i.sequence_id = ${id})`;
    case 'injection':
      return sql`(select m.id from measurements m where m.injection_id = ${id})`;
    case 'overlay':
      return sql`(select (e.value #>> '{}')::integer from overlays o cross join jsonb_array_elements(o.measurement_ids) e where o.id = ${id})`;
  }
}

/** What a visitor may see of one table, beside the owner and token checks. */
function visitorScope(table: string, alias: Sql, type: ShareObjectType, id: number): Sql {
  const c = (name: string) => col(alias, name);
  switch (table) {
    case 'samples':
      if (type === 'sample') return sql`${c('id')} = ${id}`;
      if (type === 'sequence')
        return sql`${c('id')} in (select d.sample_id from drafts d where d.sequence_id = ${id})`;
      return FALSE;
    case 'standards':
      if (type === 'sample') return sql`${c('sample_id')} = ${id}`;
      if (type === 'sequence')
        return sql`${c('sample_id')} in (select d.sample_id from drafts d where d.sequence_id = ${id})`;
      return FALSE;
    case 'sequences':
      return type === 'sequence' ? sql`${c('id')} = ${id}` : FALSE;
    case 'drafts':
      return type === 'sequence' ? sql`${c('sequence_id')} = ${id}` : FALSE;
    case 'injections':
      if (type === 'sample') return sql`${c('sample_id')} = ${id}`;
      if (type === 'sequence') return sql`${c('sequence_id')} = ${id}`;
      if (type === 'injection') return sql`${c('id')} = ${id}`;
      return FALSE;
    case 'measurements':
      return sql`${c('id')} in ${sharedMeasurementIds(type, id)}`;
    case 'processing_results':
    case 'peaks':
      return sql`${c('measurement_id')} in ${sharedMeasurementIds(type, id)}`;
    default:
      return FALSE;
  }
}

/** Rows of `table` (aliased `alias`) the viewer may read. */
export function readPredicate(table: TableDescriptor, alias: Sql, viewer: Viewer): Sql {
  const workspace = col(alias, 'workspace_id');
  if (viewer.kind === 'user') {
    const mine = sql`${workspace} in ${workspaceWhere(viewer.userId, privilegesOf(table).read)}`;
    if (table.name === 'methods') return sql`(${mine} or ${col(alias, 'is_example')})`;
    return mine;
  }
  const scope = visitorScope(table.name, alias, viewer.objectType, viewer.objectId);
  if (scope === FALSE) return FALSE;
  return sql`(exists (select 1 from "shareTokens" st where st.id = ${viewer.shareTokenId} and st.revoked_at is null and st.expires_at > now() and st.workspace_id = ${workspace}) and ${scope})`;
}

/** Rows the viewer may change (`update`) or delete. Visitors never write. */
export function writePredicate(
  table: TableDescriptor,
  alias: Sql,
  viewer: Viewer,
  operation: 'update' | 'delete',
): Sql {
  if (viewer.kind !== 'user') return FALSE;
  const workspaces = writableWorkspaces(table, viewer.userId, operation);
  if (!workspaces) return FALSE;
  const writable = sql`${col(alias, 'workspace_id')} in ${workspaces}`;
  if (table.name === 'methods') return sql`(${writable} and not ${col(alias, 'is_example')})`;
  return writable;
}

/**
 * Checks a written row (aliased `alias`, after the write) must pass: every reference points at a row the
 * viewer may read. (Share tokens are written through REST only; GraphQL has no write field for them.)
 */
export function rowCheck(
  table: TableDescriptor,
  alias: Sql,
  viewer: Viewer,
  tableNamed: (name: string) => TableDescriptor,
): Sql {
  const checks: Sql[] = [];
  for (const reference of table.references ?? []) {
    const target = tableNamed(reference.table);
    const value = col(alias, reference.column);
    const ref = sql.id('_ref');
    checks.push(
      sql`(${value} is null or exists (select 1 from ${sql.id(target.name)} _ref where ${col(ref, reference.targetColumn)} = ${value} and ${readPredicate(target, ref, viewer)}))`,
    );
  }
  return checks.length > 0 ? sql.join(checks, sql` and `) : sql`true`;
}
