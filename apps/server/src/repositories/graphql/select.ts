// Reads compiled to SQL that builds the response JSON inside the database: a row is json_build_object, a
// list is json_agg over an ordered, limited subquery, relationships are correlated subqueries (no N+1).
import { type GraphQLObjectType, type GraphQLSchema } from 'graphql';
import { sql, type RawBuilder } from 'kysely';
import { readPredicate } from './row-predicates.ts';
import { columnOf, type TableDescriptor } from './descriptor.ts';
import { GraphqlRequestError } from '../../lib/graphql-errors.ts';
import { argumentsOf, nextAlias, subFields, type CompileScope, type Field } from './fields.ts';
import { tableNamed } from './tables.ts';
import { boolExp, boundValue } from './where.ts';

type Sql = RawBuilder<unknown>;

const directions: Record<string, string> = {
  asc: 'asc nulls last',
  asc_nulls_first: 'asc nulls first',
  asc_nulls_last: 'asc nulls last',
  desc: 'desc nulls first',
  desc_nulls_first: 'desc nulls first',
  desc_nulls_last: 'desc nulls last',
};

export interface ListArguments {
  where?: Record<string, unknown> | null;
  order_by?: Array<Record<string, unknown>> | null;
  limit?: number | null;
  offset?: number | null;
}

/** A JSON object key; GraphQL names are [_A-Za-z][_0-9A-Za-z]*, checked again because it is spliced. */
export function jsonKey(key: string): Sql {
  if (!/^[_A-Za-z][_0-9A-Za-z]*$/.test(key))
    throw new GraphqlRequestError('validation-failed', 'invalid name');
  return sql.raw(`'${key}'`);
}

/** json_build_object takes at most 100 arguments; wider objects go through row_to_json of a subselect. */
export function jsonObject(pairs: Array<[string, Sql]>): Sql {
  if (pairs.length <= 50) {
    return sql`json_build_object(${sql.join(pairs.map(([key, value]) => sql`${jsonKey(key)}, ${value}`))})`;
  }
  for (const [key] of pairs) {
    if (key.length > 63) throw new GraphqlRequestError('validation-failed', `alias '${key}' is too long`);
  }
  return sql`(select row_to_json(_r) from (select ${sql.join(pairs.map(([key, value]) => sql`${value} as ${sql.id(key)}`))}) _r)`;
}

export class SelectCompiler {
  constructor(
    private readonly schema: GraphQLSchema,
    private readonly scope: CompileScope,
  ) {}

  private type(name: string): GraphQLObjectType {
    return this.schema.getType(name) as GraphQLObjectType;
  }

  /** The JSON object of one row of `table` aliased `alias`, with the selected fields. */
  row(table: TableDescriptor, alias: Sql, fields: Field[]): Sql {
    return jsonObject(fields.map((field) => [field.key, this.fieldValue(table, alias, field)]));
  }

  private fieldValue(table: TableDescriptor, alias: Sql, field: Field): Sql {
    if (field.name === '__typename') return sql.lit(table.name);
    const computed = table.computed?.find((candidate) => candidate.name === field.name);
    if (computed) return computed.value(alias);
    const relationship = table.relationships.find((candidate) => candidate.name === field.name);
    if (!relationship) return sql`${alias}.${sql.id(columnOf(table, field.name).name)}`;
    const child = tableNamed(relationship.table);
    const join = (childAlias: Sql) => relationship.on(alias, childAlias);
    if (relationship.kind === 'object') {
      const childAlias = sql.id(nextAlias(this.scope));
      const row = this.row(child, childAlias, subFields(this.scope, field));
      return sql`(select ${row} from ${sql.id(child.name)} ${childAlias} where ${join(childAlias)} and ${readPredicate(child, childAlias, this.scope)} limit 1)`;
    }
    const args = argumentsOf(this.scope, this.type(table.name), field) as ListArguments;
    return this.list(child, args, subFields(this.scope, field), join, relationship.defaultOrder);
  }

  /** ORDER BY terms: columns, and object relationships through a correlated subquery. */
  private orderTerms(
    table: TableDescriptor,
    alias: Sql,
    orderBy: ListArguments['order_by'],
  ): Array<{ expression: Sql; direction: string }> {
    const terms: Array<{ expression: Sql; direction: string }> = [];
    for (const item of orderBy ?? []) {
      for (const [key, value] of Object.entries(item)) {
        if (value === null || value === undefined) continue;
        const relationship = table.relationships.find((candidate) => candidate.name === key);
        if (relationship) {
          const child = tableNamed(relationship.table);
          const childAlias = sql.id(nextAlias(this.scope));
          const nested = this.orderTerms(child, childAlias, [value as Record<string, unknown>]);
          for (const term of nested) {
            terms.push({
              expression: sql`(select ${term.expression} from ${sql.id(child.name)} ${childAlias} where ${relationship.on(alias, childAlias)} and ${readPredicate(child, childAlias, this.scope)} limit 1)`,
              direction: term.direction,
            });
          }
        } else {
          terms.push({
            expression: sql`${alias}.${sql.id(columnOf(table, key).name)}`,
            direction: directions[value as string] ?? 'asc',
          });
        }
      }
    }
    return terms;
  }

  private filtered(table: TableDescriptor, alias: Sql, args: ListArguments, join?: (alias: Sql) => Sql): Sql {
    const parts = [readPredicate(table, alias, this.scope), boolExp(table, alias, args.where, this.scope)];
    if (join) parts.unshift(join(alias));
    return sql.join(parts, sql` and `);
  }

  private paging(args: ListArguments): Sql {
    for (const name of ['limit', 'offset'] as const) {
      const value = args[name];
      if (typeof value === 'number' && value < 0) {
        throw new GraphqlRequestError('validation-failed', `expecting a non-negative integer for '${name}'`);
      }
    }
    const limit = typeof args.limit === 'number' ? sql` limit ${args.limit}` : sql``;
    const offset = typeof args.offset === 'number' && args.offset > 0 ? sql` offset ${args.offset}` : sql``;
    return sql`${limit}${offset}`;
  }

  /** A JSON array of rows: `(select coalesce(json_agg(...), '[]') from (select ... limit ...) s)`. */
  list(
    table: TableDescriptor,
    args: ListArguments,
    fields: Field[],
    join?: (alias: Sql) => Sql,
    defaultOrder?: string[],
  ): Sql {
    const alias = sql.id(nextAlias(this.scope));
    const subquery = sql.id(nextAlias(this.scope, '_s'));
    const orderBy =
      args.order_by && args.order_by.length > 0
        ? args.order_by
        : (defaultOrder ?? []).map((name) => ({ [name]: 'asc' }));
    const terms = this.orderTerms(table, alias, orderBy);
    const keys = terms.map((term, index) => sql`${term.expression} as ${sql.id(`_o${index}`)}`);
    const innerOrder =
      terms.length > 0
        ? sql` order by ${sql.join(terms.map((term) => sql`${term.expression} ${sql.raw(term.direction)}`))}`
        : sql``;
    const outerOrder =
      terms.length > 0
        ? sql` order by ${sql.join(terms.map((term, index) => sql`${subquery}.${sql.id(`_o${index}`)} ${sql.raw(term.direction)}`))}`
        : sql``;
    const projection = sql.join([sql`${this.row(table, alias, fields)} as _e`, ...keys]);
    return sql`(select coalesce(json_agg(${subquery}._e${outerOrder}), '[]'::json) from (select ${projection} from ${sql.id(table.name)} ${alias} where ${this.filtered(table, alias, args, join)}${innerOrder}${this.paging(args)}) ${subquery})`;
  }

  /** `T_aggregate`: aggregate { count, max, min } and nodes over the same filtered, paged rows. */
  aggregate(table: TableDescriptor, args: ListArguments, field: Field): Sql {
    const alias = sql.id(nextAlias(this.scope));
    const subquery = sql.id(nextAlias(this.scope, '_s'));
    const pairs: Array<[string, Sql]> = [];
    let needsRows = false;
    let nodesFields: Field[] | undefined;
    for (const part of subFields(this.scope, field)) {
      if (part.name === '__typename') pairs.push([part.key, sql.lit(`${table.name}_aggregate`)]);
      else if (part.name === 'nodes') {
        nodesFields = subFields(this.scope, part);
        pairs.push([part.key, sql`coalesce(json_agg(${subquery}._e), '[]'::json)`]);
      } else {
        const inner: Array<[string, Sql]> = [];
        for (const figure of subFields(this.scope, part)) {
          if (figure.name === '__typename')
            inner.push([figure.key, sql.lit(`${table.name}_aggregate_fields`)]);
          else if (figure.name === 'count') {
            const countArgs = argumentsOf(
              this.scope,
              this.type(`${table.name}_aggregate_fields`),
              figure,
            ) as {
              columns?: string[] | null;
              distinct?: boolean | null;
            };
            const columns = (countArgs.columns ?? []).map(
              (name) => sql`${subquery}.${sql.id(columnOf(table, name).name)}`,
            );
            if (columns.length > 0) needsRows = true;
            const counted =
              columns.length === 0
                ? sql`count(*)`
                : countArgs.distinct
                  ? sql`count(distinct (${sql.join(columns)}))`
                  : sql`count(*) filter (where ${sql.join(
                      columns.map((c) => sql`${c} is not null`),
                      sql` and `,
                    )})`;
            inner.push([figure.key, counted]);
          } else {
            needsRows = true;
            const fn = sql.raw(figure.name === 'max' ? 'max' : 'min');
            const columns = subFields(this.scope, figure).map((column): [string, Sql] =>
              column.name === '__typename'
                ? [column.key, sql.lit(`${table.name}_${figure.name}_fields`)]
                : [column.key, sql`${fn}(${subquery}.${sql.id(columnOf(table, column.name).name)})`],
            );
            inner.push([figure.key, jsonObject(columns)]);
          }
        }
        pairs.push([part.key, jsonObject(inner)]);
      }
    }
    const terms = this.orderTerms(table, alias, args.order_by);
    const projection: Sql[] = [];
    if (needsRows) projection.push(sql`${alias}.*`);
    if (nodesFields) projection.push(sql`${this.row(table, alias, nodesFields)} as _e`);
    if (projection.length === 0) projection.push(sql`1`);
    const innerOrder =
      terms.length > 0 && (nodesFields || args.limit != null || args.offset)
        ? sql` order by ${sql.join(terms.map((term) => sql`${term.expression} ${sql.raw(term.direction)}`))}`
        : sql``;
    return sql`(select ${jsonObject(pairs)} from (select ${sql.join(projection)} from ${sql.id(table.name)} ${alias} where ${this.filtered(table, alias, args)}${innerOrder}${this.paging(args)}) ${subquery})`;
  }

  byPk(table: TableDescriptor, args: Record<string, unknown>, fields: Field[]): Sql {
    const alias = sql.id(nextAlias(this.scope));
    const pk = columnOf(table, table.primaryKey);
    return sql`(select ${this.row(table, alias, fields)} from ${sql.id(table.name)} ${alias} where ${alias}.${sql.id(pk.name)} = ${boundValue(pk, args[pk.name])} and ${readPredicate(table, alias, this.scope)})`;
  }
}
