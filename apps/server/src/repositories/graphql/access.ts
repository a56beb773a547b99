// Row permissions as SQL predicates, added to every statement the compiler emits: a user reads and writes its
// own rows (example methods: readable by all, writable by none); a visitor reads only the shared object and
// what hangs under it, while its share token is neither revoked nor expired (checked in the statement).
import { sql, type RawBuilder } from 'kysely';
import type { TableDescriptor } from './descriptor.ts';

export type ShareObjectType = 'sample' | 'injection' | 'sequence';

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
      return sql`${c('id')} = ${id}`;
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
  const owner = col(alias, table.ownerColumn);
  if (viewer.kind === 'user') {
    if (table.name === 'methods') return sql`(${owner} = ${viewer.userId} or ${col(alias, 'is_example')})`;
    return sql`${owner} = ${viewer.userId}`;
  }
  const scope = visitorScope(table.name, alias, viewer.objectType, viewer.objectId);
  if (scope === FALSE) return FALSE;
  return sql`(exists (select 1 from "shareTokens" st where st.id = ${viewer.shareTokenId} and st.revoked_at is null and st.expires_at > now() and st.owner_id = ${owner}) and ${scope})`;
}

/** Rows the viewer may change or delete. Visitors never write. */
export function writePredicate(table: TableDescriptor, alias: Sql, viewer: Viewer): Sql {
  if (viewer.kind !== 'user') return FALSE;
  const owner = sql`${col(alias, table.ownerColumn)} = ${viewer.userId}`;
  if (table.name === 'methods') return sql`(${owner} and not ${col(alias, 'is_example')})`;
  return owner;
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
