// The SQL around the compiled root fields: one SELECT building a query's whole `data` object, and a
// mutation's statements run in one transaction, each answering its result, rejected rows and refusal.
import type { GraphQLObjectType, GraphQLSchema } from 'graphql';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { setVersionActor } from '../record-versions.ts';
import type { Database } from '../../db/schema.ts';
import { GraphqlRequestError } from '../../lib/graphql-errors.ts';
import type { CompileScope, Field } from './fields.ts';
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
