// Writes compiled to one statement each: the write in a CTE restricted by the row permissions, the audit
// row in a second CTE of the same statement, and the response JSON built from the written rows. The
// statement also reports how many written rows failed their check, so the caller can roll back.
import { domainErrors } from '@eluent/contracts';
import { sql, type RawBuilder } from 'kysely';
import { accessOf } from './policy.ts';
import { rowCheck, sequenceUses, writableWorkspaces, writePredicate } from './row-predicates.ts';
import { columnOf, type TableDescriptor } from './descriptor.ts';
import { GraphqlRequestError, ruleRefusal } from '../../lib/graphql-errors.ts';
import { subFields, type CompileScope, type Field } from './fields.ts';
import { jsonObject, type SelectCompiler } from './select.ts';
import { tableNamed } from './tables.ts';
import { boolExp, boundValue } from './where.ts';

type Sql = RawBuilder<unknown>;

export type MutationShape = 'one' | 'response';

const written = sql.id('_w');
const old = sql.id('_old');
const target = sql.id('_x');

function userId(scope: CompileScope): number {
  if (scope.viewer.kind !== 'user') throw new GraphqlRequestError('validation-failed', 'no mutations exist');
  return scope.viewer.userId;
}

/** Runs one of the table's write rules; a refusal becomes the catalogue message in Hasura's form. */
function applyRule(check: () => void): void {
  try {
    check();
  } catch (error) {
    throw ruleRefusal(error);
  }
}

/** Final SELECT: the field's JSON, the number of written rows and of rows that failed their check. */
function finish(
  table: TableDescriptor,
  field: Field,
  shape: MutationShape,
  select: SelectCompiler,
  scope: CompileScope,
  expectedRows?: number,
): Sql {
  const alias = sql.id('_t0');
  let result: Sql;
  if (shape === 'one') {
    result = sql`(select ${select.row(table, alias, subFields(scope, field))} from ${written} ${alias} limit 1)`;
  } else {
    const pairs: Array<[string, Sql]> = subFields(scope, field).map((part) => {
      if (part.name === '__typename') return [part.key, sql.lit(`${table.name}_mutation_response`)];
      if (part.name === 'affected_rows') return [part.key, sql`(select count(*) from ${written})`];
      const row = select.row(table, alias, subFields(scope, part));
      return [part.key, sql`(select coalesce(json_agg(${row}), '[]'::json) from ${written} ${alias})`];
    });
    result = jsonObject(pairs);
  }
  // Rows an upsert did not write (the conflicting row is not the caller's) count as rejected too.
  const missing =
    expectedRows === undefined
      ? sql``
      : sql` + greatest(${expectedRows}::int - (select count(*) from ${written})::int, 0)`;
  return sql`select (${result})::text as result, (select count(*) from ${written})::int as affected, ((select count(*) from ${written} where not ${written}._check)::int${missing}) as rejected`;
}

function auditCte(
  table: TableDescriptor,
  scope: CompileScope,
  action: Sql,
  oldValues: Sql,
  newValues: Sql,
  join: Sql,
): Sql {
  if (!table.audited) return sql``;
  const labelColumn = table.auditLabel ?? 'name';
  const label = table.columns.some((column) => column.name === labelColumn)
    ? sql`${written}.${sql.id(labelColumn)}::text`
    : sql`null::text`;
  const parent = table.auditParent
    ? sql`${table.auditParent.entity}::text, ${written}.${sql.id(table.auditParent.column)}::text`
    : sql`null::text, null::text`;
  return sql`, _audit as (insert into "auditEvents" (user_id, owner_id, workspace_id, entity, entity_id, label, parent_entity, parent_id, action, old_values, new_values) select ${userId(scope)}, ${written}.${sql.id(table.ownerColumn)}, ${written}.workspace_id, ${table.name}, ${written}.${sql.id(table.primaryKey)}::text, ${label}, ${parent}, ${action}, ${oldValues}, ${newValues} from ${written} ${join})`;
}

function subset(alias: Sql, columns: string[]): Sql {
  return sql`jsonb_build_object(${sql.join(columns.map((name) => sql`${sql.lit(name)}, ${alias}.${sql.id(name)}`))})`;
}

export interface InsertArguments {
  objects: Array<Record<string, unknown>>;
  on_conflict?: {
    constraint: string;
    update_columns: string[];
    where?: Record<string, unknown> | null;
  } | null;
}

export function compileInsert(
  table: TableDescriptor,
  args: InsertArguments,
  field: Field,
  shape: MutationShape,
  select: SelectCompiler,
  scope: CompileScope,
): Sql {
  const owner = userId(scope);
  if (args.objects.length === 0) throw new GraphqlRequestError('validation-failed', 'no objects to insert');
  const rules = accessOf(scope.access, table.name).rules;
  const insertRule = rules?.insert;
  if (insertRule) for (const object of args.objects) applyRule(() => insertRule(object));
  const defaults = table.insertDefaults?.() ?? {};
  const given = new Set(args.objects.flatMap((object) => Object.keys(object)));
  const names = [...new Set([...given, ...Object.keys(defaults)])];
  const columns = names.map((name) => columnOf(table, name));
  // New rows go into the user's current workspace; the check below refuses them unless its role may create.
  const currentWorkspace = sql`(select current_workspace_id from users where id = ${owner})`;
  const rows = args.objects.map(
    (object) =>
      sql`(${sql.join([
        sql`${owner}::integer`,
        currentWorkspace,
        ...columns.map((column) =>
          column.name in object
            ? boundValue(column, object[column.name])
            : column.name in defaults
              ? boundValue(column, defaults[column.name])
              : sql`default`,
        ),
      ])})`,
  );
  const insertColumns = sql.join([
    sql.id(table.ownerColumn),
    sql.id('workspace_id'),
    ...columns.map((column) => sql.id(column.name)),
  ]);
  let conflict = sql``;
  let oldCte = sql``;
  let auditJoin = sql``;
  let oldValues: Sql = sql`null::jsonb`;
  let action: Sql = sql`'insert'`;
  const conflictSpec = args.on_conflict;
  if (conflictSpec) {
    const constraint = table.constraints.find((candidate) => candidate.name === conflictSpec.constraint);
    if (!constraint) throw new GraphqlRequestError('constraint-error', 'unknown constraint');
    const updates = conflictSpec.update_columns;
    const changeRule = rules?.change;
    if (changeRule) applyRule(() => changeRule(updates));
    if (updates.length === 0) {
      conflict = sql` on conflict on constraint ${sql.id(constraint.name)} do nothing`;
    } else {
      const sets = updates.map((name) => sql`${sql.id(name)} = excluded.${sql.id(name)}`);
      if (table.touchedOnUpdate) sets.push(sql`${sql.id(table.touchedOnUpdate)} = now()`);
      conflict = sql` on conflict on constraint ${sql.id(constraint.name)} do update set ${sql.join(sets)} where ${writePredicate(table, target, scope, 'update')} and ${boolExp(table, target, conflictSpec.where, scope)}`;
    }
    if (table.audited) {
      // The rows an upsert may overwrite, read in the statement's snapshot: the audit's old values.
      const keys = constraint.columns.map((name) => {
        const column = columnOf(table, name);
        const values = args.objects.map((object) => object[name]);
        return sql`${sql.id(name)} = any(${values}::${sql.raw(column.type === 'Int' ? 'integer' : column.type === 'uuid' ? 'uuid' : 'text')}[])`;
      });
      oldCte = sql`_old as (select * from ${sql.id(table.name)} ${old} where ${sql.join(keys, sql` and `)} and ${writePredicate(table, old, scope, 'update')}), `;
      auditJoin = sql`left join ${old} on ${old}.${sql.id(table.primaryKey)} = ${written}.${sql.id(table.primaryKey)}`;
      oldValues = sql`to_jsonb(${old})`;
      action = sql`case when ${old}.${sql.id(table.primaryKey)} is null then 'insert' else 'update' end`;
    }
  }
  const creatable = writableWorkspaces(table, scope, owner, 'insert');
  const check = sql`(${rowCheck(table, target, scope, tableNamed)}) and ${creatable ? sql`${target}.workspace_id in ${creatable}` : sql`false`}`;
  const newValues = sql`to_jsonb(${written}) - '_check'`;
  return sql`with ${oldCte}_w as (insert into ${sql.id(table.name)} as _x (${insertColumns}) values ${sql.join(rows)}${conflict} returning _x.*, (${check}) as _check)${auditCte(table, scope, action, oldValues, newValues, auditJoin)} ${finish(table, field, shape, select, scope, conflictSpec?.update_columns.length === 0 ? undefined : args.objects.length)}`;
}

export function compileUpdate(
  table: TableDescriptor,
  where: Sql | ((alias: Sql) => Sql),
  set: Record<string, unknown> | null | undefined,
  field: Field,
  shape: MutationShape,
  select: SelectCompiler,
  scope: CompileScope,
): Sql {
  userId(scope);
  const names = Object.keys(set ?? {});
  const changeRule = accessOf(scope.access, table.name).rules?.change;
  if (changeRule) applyRule(() => changeRule(names, set ?? {}));
  const sets = names.map((name) => sql`${sql.id(name)} = ${boundValue(columnOf(table, name), set![name])}`);
  if (table.touchedOnUpdate) sets.push(sql`${sql.id(table.touchedOnUpdate)} = now()`);
  const pk = sql.id(table.primaryKey);
  const condition = typeof where === 'function' ? where(old) : where;
  const check = rowCheck(table, target, scope, tableNamed);
  // An empty _set still returns the matched rows, as Hasura does; the no-op assignment keeps one statement.
  const assignments = sets.length > 0 ? sql.join(sets) : sql`${pk} = _x.${pk}`;
  const action = sql`'update'`;
  const audit = auditCte(
    table,
    scope,
    action,
    subset(old, names),
    subset(written, names),
    sql`join ${old} on ${old}.${pk} = ${written}.${pk}`,
  );
  return sql`with _old as (select * from ${sql.id(table.name)} ${old} where ${condition} and ${writePredicate(table, old, scope, 'update')} for update), _w as (update ${sql.id(table.name)} as _x set ${assignments} from ${old} where _x.${pk} = ${old}.${pk} returning _x.*, (${check}) as _check)${audit} ${finish(table, field, shape, select, scope)}`;
}

export function compileDelete(
  table: TableDescriptor,
  where: (alias: Sql) => Sql,
  field: Field,
  shape: MutationShape,
  select: SelectCompiler,
  scope: CompileScope,
): Sql {
  userId(scope);
  const audit = auditCte(
    table,
    scope,
    sql`'delete'`,
    sql`to_jsonb(${written}) - '_check'`,
    sql`null::jsonb`,
    sql``,
  );
  const guard = accessOf(scope.access, table.name).rules?.remove;
  if (!guard)
    return sql`with _w as (delete from ${sql.id(table.name)} as _x where ${where(target)} and ${writePredicate(table, target, scope, 'delete')} returning _x.*, true as _check)${audit} ${finish(table, field, shape, select, scope)}`;
  // The matched rows are locked and judged by the rule first; any refused row refuses the whole mutation.
  const pk = sql.id(table.primaryKey);
  const matched = sql`_m as (select _x.${pk} as _id, (${sequenceUses(guard, target)}) as _refused from ${sql.id(table.name)} as _x where ${where(target)} and ${writePredicate(table, target, scope, 'delete')} for update)`;
  const refused = sql`(select count(*) from _m where _m._refused)::int`;
  return sql`with ${matched}, _w as (delete from ${sql.id(table.name)} as _x using _m where _x.${pk} = _m._id and not _m._refused returning _x.*, true as _check)${audit} select _f.*, case when ${refused} > 0 then ${domainErrors[guard.refusal]}::text end as refused from (${finish(table, field, shape, select, scope)}) _f`;
}
