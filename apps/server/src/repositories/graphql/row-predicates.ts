// Row permissions as SQL predicates, added to every statement the compiler emits, from the access the
// service gives (`scope.access`, services/graphql/access.ts): a user reads the rows of its current
// workspace and writes those its role there may write; a visitor reads only the shared object and what
// hangs under it, while its share token is neither revoked nor expired (checked in the statement).
import { sql, type RawBuilder } from 'kysely';
import { workspaceWhere } from '../workspace-scope.ts';
import type { TableDescriptor } from './descriptor.ts';
import type { CompileScope } from './fields.ts';
import { accessOf, type SequenceUseLock, type ShareObjectType, type WriteOperation } from './policy.ts';

type Sql = RawBuilder<unknown>;
type AccessScope = Pick<CompileScope, 'viewer' | 'access'>;
const FALSE = sql`false`;

function col(alias: Sql, name: string): Sql {
  return sql`${alias}.${sql.id(name)}`;
}

/** The workspaces (at most the current one) where the user may do `operation` on `table`'s rows. */
export function writableWorkspaces(
  table: TableDescriptor,
  scope: AccessScope,
  userId: number,
  operation: WriteOperation,
): Sql | null {
  const privilege = accessOf(scope.access, table.name)[operation];
  return privilege ? workspaceWhere(userId, privilege) : null;
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

/** The rows of one table that hang under a shared object, beside the owner and token checks. */
function sharedRows(table: string, alias: Sql, type: ShareObjectType, id: number): Sql {
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

/** Rows of `table` (aliased `alias`) the scope's viewer may read. */
export function readPredicate(table: TableDescriptor, alias: Sql, scope: AccessScope): Sql {
  const { viewer } = scope;
  const access = accessOf(scope.access, table.name);
  const workspace = col(alias, 'workspace_id');
  if (viewer.kind === 'user') {
    const mine = sql`${workspace} in ${workspaceWhere(viewer.userId, access.read)}`;
    if (access.sharedReadColumn) return sql`(${mine} or ${col(alias, access.sharedReadColumn)})`;
    return mine;
  }
  if (!access.visitorReads) return FALSE;
  const scoped = sharedRows(table.name, alias, viewer.objectType, viewer.objectId);
  if (scoped === FALSE) return FALSE;
  return sql`(exists (select 1 from "shareTokens" st where st.id = ${viewer.shareTokenId} and st.revoked_at is null and st.expires_at > now() and st.workspace_id = ${workspace}) and ${scoped})`;
}

/** Rows the viewer may change (`update`) or delete. Visitors never write. */
export function writePredicate(
  table: TableDescriptor,
  alias: Sql,
  scope: AccessScope,
  operation: 'update' | 'delete',
): Sql {
  const { viewer } = scope;
  if (viewer.kind !== 'user') return FALSE;
  const workspaces = writableWorkspaces(table, scope, viewer.userId, operation);
  if (!workspaces) return FALSE;
  const writable = sql`${col(alias, 'workspace_id')} in ${workspaces}`;
  const shared = accessOf(scope.access, table.name).sharedReadColumn;
  if (shared) return sql`(${writable} and not ${col(alias, shared)})`;
  return writable;
}

/**
 * Checks a written row (aliased `alias`, after the write) must pass: every reference points at a row the
 * viewer may read. (Share tokens are written through REST only; GraphQL has no write field for them.)
 */
export function rowCheck(
  table: TableDescriptor,
  alias: Sql,
  scope: AccessScope,
  tableNamed: (name: string) => TableDescriptor,
): Sql {
  const checks: Sql[] = [];
  for (const reference of table.references ?? []) {
    const target = tableNamed(reference.table);
    const value = col(alias, reference.column);
    const ref = sql.id('_ref');
    checks.push(
      sql`(${value} is null or exists (select 1 from ${sql.id(target.name)} _ref where ${col(ref, reference.targetColumn)} = ${value} and ${readPredicate(target, ref, scope)}))`,
    );
  }
  return checks.length > 0 ? sql.join(checks, sql` and `) : sql`true`;
}

/** True when a sequence in one of the lock's states uses the row `row` the way the lock names. */
export function sequenceUses(lock: SequenceUseLock, row: Sql): Sql {
  const states = sql`(${sql.join(lock.states.map((state) => sql.lit(state)))})`;
  if (lock.use === 'template')
    return sql`exists (select 1 from sequences s where s.state in ${states} and s.template_uuid = ${row}.uuid)`;
  return sql`exists (select 1 from sequences s where s.state in ${states} and (s.method_id = ${row}.id or exists (select 1 from drafts d where d.sequence_id = s.id and d.method_id = ${row}.id)))`;
}
