// Root fields of the query and mutation types: which table and which kind of statement each one compiles to.
import type { GraphQLObjectType } from 'graphql';
import { sql, type RawBuilder } from 'kysely';
import { columnOf, type TableDescriptor } from './descriptor.ts';
import { GraphqlRequestError } from '../../lib/graphql-errors.ts';
import { argumentsOf, subFields, type CompileScope, type Field } from './fields.ts';
import { compileDelete, compileInsert, compileUpdate, type InsertArguments } from './mutations.ts';
import type { SelectCompiler } from './select.ts';
import { tables } from './tables.ts';
import { boolExp, boundValue } from './where.ts';

type Sql = RawBuilder<unknown>;
type RootKind =
  | 'list'
  | 'aggregate'
  | 'by_pk'
  | 'insert'
  | 'insert_one'
  | 'update'
  | 'update_by_pk'
  | 'delete'
  | 'delete_by_pk';

const rootFields = new Map<string, { table: TableDescriptor; kind: RootKind }>();
for (const table of tables) {
  const t = table.name;
  const entries: Array<[string, RootKind]> = [
    [t, 'list'],
    [`${t}_aggregate`, 'aggregate'],
    [`${t}_by_pk`, 'by_pk'],
    [`insert_${t}`, 'insert'],
    [`insert_${t}_one`, 'insert_one'],
    [`update_${t}`, 'update'],
    [`update_${t}_by_pk`, 'update_by_pk'],
    [`delete_${t}`, 'delete'],
    [`delete_${t}_by_pk`, 'delete_by_pk'],
  ];
  for (const [name, kind] of entries) rootFields.set(name, { table, kind });
}

/** The statement of one root field. */
export function compileRoot(
  field: Field,
  parent: GraphQLObjectType,
  scope: CompileScope,
  select: SelectCompiler,
): Sql {
  const root = rootFields.get(field.name);
  if (!root)
    throw new GraphqlRequestError(
      'validation-failed',
      `field '${field.name}' not found in type: '${parent.name}'`,
      field.path,
    );
  const { table, kind } = root;
  const args = argumentsOf(scope, parent, field);
  const fields = () => subFields(scope, field);
  const pk = columnOf(table, table.primaryKey);
  const pkCondition = (value: unknown) => (alias: Sql) =>
    sql`${alias}.${sql.id(pk.name)} = ${boundValue(pk, value)}`;
  switch (kind) {
    case 'list':
      return select.list(table, args, fields());
    case 'aggregate':
      return select.aggregate(table, args, field);
    case 'by_pk':
      return select.byPk(table, args, fields());
    case 'insert':
      return compileInsert(table, args as unknown as InsertArguments, field, 'response', select, scope);
    case 'insert_one':
      return compileInsert(
        table,
        {
          objects: [args.object as Record<string, unknown>],
          on_conflict: args.on_conflict as InsertArguments['on_conflict'],
        },
        field,
        'one',
        select,
        scope,
      );
    case 'update':
      return compileUpdate(
        table,
        (alias) => boolExp(table, alias, args.where as Record<string, unknown>, scope),
        args._set as Record<string, unknown>,
        field,
        'response',
        select,
        scope,
      );
    case 'update_by_pk': {
      const pkColumns = args.pk_columns as Record<string, unknown>;
      return compileUpdate(
        table,
        pkCondition(pkColumns[pk.name]),
        args._set as Record<string, unknown>,
        field,
        'one',
        select,
        scope,
      );
    }
    case 'delete':
      return compileDelete(
        table,
        (alias) => boolExp(table, alias, args.where as Record<string, unknown>, scope),
        field,
        'response',
        select,
        scope,
      );
    case 'delete_by_pk':
      return compileDelete(table, pkCondition(args[pk.name]), field, 'one', select, scope);
  }
}
