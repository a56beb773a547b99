// References for the GraphQL benchmark, both sent directly through `pg` by the load process:
// - the statement the server itself sends for the spec's Methods document (compiled here by the server's own
//   compiler for each user and search, and sent as a named prepared statement as the server does): the
//   database's pace for exactly this work;
// - a hand-written list + count of the same rows ($1 owner id, $2 the ILIKE pattern), lighter than the
//   compiled statement (owner column instead of the workspace membership): the reference of earlier runs.
import { getVariableValues, Kind, parse, type OperationDefinitionNode } from 'graphql';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { collectFields, type CompileScope } from '@eluent/server/src/repositories/graphql/fields.ts';
import { compileReadStatement } from '@eluent/server/src/repositories/graphql/statements-sql.ts';
import { graphqlAccess } from '@eluent/server/src/services/graphql/access.ts';
import { graphqlSchema } from '@eluent/server/src/services/graphql/schema.ts';

export const REFERENCE_SQL = `select json_build_object(
  'methods', (select coalesce(json_agg(s.e order by s.favorite desc, s.id desc), '[]'::json) from (
    select json_build_object('id', m.id, 'name', m.name, 'favorite', m.favorite, 'archived', m.archived,
      'is_example', m.is_example, 'hardware_configuration', m.hardware_configuration) as e, m.favorite, m.id
    from methods m
    where (m.owner_id = $1 or m.is_example) and m.archived = false and m.name ilike $2
      and m.hardware_configuration = '[]'::jsonb
    order by m.favorite desc, m.id desc limit 20) s),
  'methods_aggregate', json_build_object('aggregate', json_build_object('count', (select count(*)
    from methods m
    where (m.owner_id = $1 or m.is_example) and m.archived = false and m.name ilike $2
      and m.hardware_configuration = '[]'::jsonb))))::text as data`;

/** Compiles a query document for a user as the server does; the SQL never runs here. */
export function compiledStatements(
  query: string,
): (userId: number, variables: Record<string, unknown>) => { text: string; values: unknown[] } {
  const db = new Kysely<unknown>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (kysely) => new PostgresIntrospector(kysely),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  const schema = graphqlSchema();
  const document = parse(query);
  const operation = document.definitions.find(
    (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
  )!;
  return (userId, variables) => {
    const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables);
    if (coerced.errors) throw new Error(coerced.errors[0]!.message);
    const scope: CompileScope = {
      viewer: { kind: 'user', userId },
      access: graphqlAccess,
      variables: coerced.coerced,
      fragments: {},
      aliasCount: 0,
    };
    const compiled = compileReadStatement(
      db as never,
      schema,
      collectFields(scope, operation.selectionSet, '$'),
      scope,
    );
    return { text: compiled.sql, values: [...compiled.parameters] };
  };
}
