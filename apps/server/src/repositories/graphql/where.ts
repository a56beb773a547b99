// `T_bool_exp` → SQL predicate. Values are always bound parameters with a cast to the column's type; names
// come from the descriptors only. A null operand means "no condition" (Hasura v1 collapse), so a client can
// pass null variables for filters it does not use.
import { sql, type RawBuilder } from 'kysely';
import { readPredicate } from './row-predicates.ts';
import { columnOf, pgTypes, type ColumnDescriptor, type TableDescriptor } from './descriptor.ts';
import { GraphqlRequestError } from '../../lib/graphql-errors.ts';
import { nextAlias, type CompileScope } from './fields.ts';
import { tableNamed } from './tables.ts';

type Sql = RawBuilder<unknown>;

/** A bound value cast to the column's database type (jsonb values travel as JSON text). */
export function boundValue(column: ColumnDescriptor, value: unknown): Sql {
  const cast = sql.raw(pgTypes[column.type]);
  if (value === null || value === undefined) return sql`null::${cast}`;
  if (column.type === 'jsonb') return sql`${JSON.stringify(value)}::jsonb`;
  return sql`${value}::${cast}`;
}

function boundList(column: ColumnDescriptor, values: unknown): Sql {
  const list = (values as unknown[]).map((value) =>
    column.type === 'jsonb' ? JSON.stringify(value) : value,
  );
  return sql`${list}::${sql.raw(pgTypes[column.type])}[]`;
}

const binaryOperators: Record<string, string> = {
  _eq: '=',
  _neq: '<>',
  _gt: '>',
  _lt: '<',
  _gte: '>=',
  _lte: '<=',
  _like: 'like',
  _nlike: 'not like',
  _ilike: 'ilike',
  _nilike: 'not ilike',
  _similar: 'similar to',
  _nsimilar: 'not similar to',
  _regex: '~',
  _iregex: '~*',
  _nregex: '!~',
  _niregex: '!~*',
  _contains: '@>',
  _contained_in: '<@',
};

function comparison(column: ColumnDescriptor, target: Sql, operators: Record<string, unknown>): Sql[] {
  const parts: Sql[] = [];
  for (const [operator, operand] of Object.entries(operators)) {
    if (operand === null || operand === undefined) continue;
    const binary = binaryOperators[operator];
    if (binary) {
      const textual = operator.includes('like') || operator.includes('regex') || operator.includes('similar');
      const value = textual ? sql`${operand}::text` : boundValue(column, operand);
      parts.push(sql`${target} ${sql.raw(binary)} ${value}`);
    } else if (operator === '_in') {
      parts.push(sql`${target} = any(${boundList(column, operand)})`);
    } else if (operator === '_nin') {
      parts.push(sql`${target} <> all(${boundList(column, operand)})`);
    } else if (operator === '_is_null') {
      parts.push(operand === true ? sql`${target} is null` : sql`${target} is not null`);
    } else if (operator === '_has_key') {
      parts.push(sql`jsonb_exists(${target}, ${operand}::text)`);
    } else if (operator === '_has_keys_any') {
      parts.push(sql`jsonb_exists_any(${target}, ${operand}::text[])`);
    } else if (operator === '_has_keys_all') {
      parts.push(sql`jsonb_exists_all(${target}, ${operand}::text[])`);
    } else {
      throw new GraphqlRequestError('validation-failed', `unexpected operator '${operator}'`);
    }
  }
  return parts;
}

export function boolExp(
  table: TableDescriptor,
  alias: Sql,
  expression: Record<string, unknown> | null | undefined,
  scope: CompileScope,
): Sql {
  if (!expression) return sql`true`;
  const parts: Sql[] = [];
  for (const [key, value] of Object.entries(expression)) {
    if (value === null || value === undefined) continue;
    if (key === '_and') {
      const items = (value as Array<Record<string, unknown>>).map((item) =>
        boolExp(table, alias, item, scope),
      );
      if (items.length > 0) parts.push(sql`(${sql.join(items, sql` and `)})`);
    } else if (key === '_or') {
      const items = (value as Array<Record<string, unknown>>).map((item) =>
        boolExp(table, alias, item, scope),
      );
      parts.push(items.length > 0 ? sql`(${sql.join(items, sql` or `)})` : sql`false`);
    } else if (key === '_not') {
      parts.push(sql`not (${boolExp(table, alias, value as Record<string, unknown>, scope)})`);
    } else {
      const relationship = table.relationships.find((candidate) => candidate.name === key);
      if (relationship) {
        const child = tableNamed(relationship.table);
        const childAlias = sql.id(nextAlias(scope));
        parts.push(
          sql`exists (select 1 from ${sql.id(child.name)} ${childAlias} where ${relationship.on(alias, childAlias)} and ${readPredicate(child, childAlias, scope)} and ${boolExp(child, childAlias, value as Record<string, unknown>, scope)})`,
        );
      } else {
        const column = columnOf(table, key);
        parts.push(
          ...comparison(column, sql`${alias}.${sql.id(column.name)}`, value as Record<string, unknown>),
        );
      }
    }
  }
  if (parts.length === 0) return sql`true`;
  return parts.length === 1 ? parts[0]! : sql`(${sql.join(parts, sql` and `)})`;
}
