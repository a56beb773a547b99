// The SQL around the compiled root fields: one SELECT building a query's whole `data` object, and a
// mutation's statements run in one transaction, each answering its result, rejected rows and refusal.
import type { GraphQLObjectType, GraphQLSchema } from 'graphql';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { setVersionActor } from '../record-versions.ts';
import type { Database } from '../../db/schema.ts';
import { GraphqlRequestError } from '../../lib/graphql-errors.ts';
import type { CompileScope, Field } from './fields.ts';
import type { TokenStanding } from './policy.ts';
import { compileRoot } from './roots.ts';
import { jsonKey, SelectCompiler } from './select.ts';

/** One SELECT building the whole `data` object of a query's (non-introspection) root fields. */
export function compileReadStatement(
  db: Kysely<Database>,
  schema: GraphQLSchema,
  fields: Field[],
  scope: CompileScope,
): { sql: string; parameters: readonly unknown[] } {
  const parent = schema.getQueryType()!;
  const select = new SelectCompiler(schema, scope);
  const pairs = fields.map((field) =>
    field.name === '__typename'
      ? sql`${jsonKey(field.key)}, 'query_root'`
      : sql`${jsonKey(field.key)}, ${compileRoot(field, parent, scope, select)}`,
  );
  return sql`select json_build_object(${sql.join(pairs)})::text as data`.compile(db);
}

/**
 * A read statement that also answers whether the bearer token still stands, in the same round trip: column
 * `standing` (the user's token version as the token's, an unknown user counting as version 0, and the session
 * not signed out) and column `data`, the read's JSON text only when standing. The read is a scalar subquery
 * under that condition, so PostgreSQL runs it only for a standing token, and a refused token's rows never
 * leave the database. The token's user id, version and session follow the read's own parameters.
 */
export function withStandingCheck(readText: string, parameterCount: number): string {
  const user = `$${parameterCount + 1}::integer`;
  const version = `$${parameterCount + 2}::integer`;
  const session = `$${parameterCount + 3}::text`;
  return (
    `select t.standing, case when t.standing then (${readText}) end as data from (select ` +
    `coalesce((select u.token_version from users u where u.id = ${user}), 0) = ${version} ` +
    // `offset 0` keeps the subquery whole, so the check runs once rather than once per use of `standing`.
    `and not exists (select 1 from ended_sessions e where e.sid = ${session}) as standing offset 0) t`
  );
}

/** The parameters withStandingCheck appends to a read's own, in its order. */
export function standingParameters(standing: TokenStanding): unknown[] {
  return [standing.userId, standing.version, standing.sid ?? null];
}

export interface MutationStatement {
  field: Field;
  statement: RawBuilder<unknown> | undefined;
}

/** The statements of a mutation's root fields (none for `__typename`). */
export function compileMutations(
  schema: GraphQLSchema,
  parent: GraphQLObjectType,
  fields: Field[],
  scope: CompileScope,
): MutationStatement[] {
  const select = new SelectCompiler(schema, scope);
  return fields.map((field) => ({
    field,
    statement: field.name === '__typename' ? undefined : compileRoot(field, parent, scope, select),
  }));
}

/** Runs a mutation's statements in one transaction; each part is `"key":result`. */
export async function runMutations(
  db: Kysely<Database>,
  statements: MutationStatement[],
  actorId: number,
): Promise<string[]> {
  return db.transaction().execute(async (transaction) => {
    await setVersionActor(transaction, actorId);
    const results: string[] = [];
    for (const { field, statement } of statements) {
      if (!statement) {
        results.push(`${JSON.stringify(field.key)}:"mutation_root"`);
        continue;
      }
      const { rows } = await sql<{
        result: string | null;
        rejected: number;
        refused?: string | null;
      }>`${statement}`.execute(transaction);
      const row = rows[0]!;
      // A write rule judged in the statement (a delete's `rules.remove`): its catalogue message.
      if (row.refused) throw new GraphqlRequestError('validation-failed', row.refused);
      if (row.rejected > 0) {
        throw new GraphqlRequestError(
          'permission-error',
          'check constraint of an insert/update permission has failed',
          field.path,
        );
      }
      results.push(`${JSON.stringify(field.key)}:${row.result ?? 'null'}`);
    }
    return results;
  });
}
