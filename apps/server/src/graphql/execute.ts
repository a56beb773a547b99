// The GraphQL service: request checks, cached documents, variable coercion, then one SQL statement per root
// field (all query root fields in one statement; mutations in one transaction). The database returns the
// response JSON as text, which is spliced into the body without re-serialising.
import {
  execute as executeIntrospection,
  getVariableValues,
  OperationTypeNode,
  type GraphQLObjectType,
  type OperationDefinitionNode,
} from 'graphql';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Viewer } from './access.ts';
import { columnOf, type TableDescriptor } from './descriptor.ts';
import { DocumentCache, selectOperation, type PreparedDocument } from './documents.ts';
import { errorBody, fromDatabaseError, GraphqlRequestError } from './errors.ts';
import { argumentsOf, collectFields, subFields, type CompileScope, type Field } from './fields.ts';
import { limits } from './limits.ts';
import { LruCache } from './lru.ts';
import { compileDelete, compileInsert, compileUpdate, type InsertArguments } from './mutations.ts';
import { graphqlSchema } from './schema.ts';
import { SelectCompiler, jsonKey } from './select.ts';
import { createStatementRunner, type ReadStatement } from './statements.ts';
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

export interface GraphqlBody {
  query?: unknown;
  variables?: unknown;
  operationName?: unknown;
}

export interface GraphqlServiceOptions {
  db: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL: reads run as named prepared statements on a pool of their own. Absent → through `db`. */
  databaseUrl?: string | undefined;
  log: (error: unknown) => void;
  timeoutMs?: number;
}

export function createGraphqlService(options: GraphqlServiceOptions) {
  const schema = graphqlSchema();
  const documents = new DocumentCache(schema);
  // Compiled read statements by (query text, operation, viewer, variables as sent): a repeated request skips
  // variable coercion and the compiler. Statements of the same SQL text share one prepared statement, so
  // requests that differ only in values are parsed once by PostgreSQL. Mutations are compiled each time
  // (server-generated values such as share tokens).
  const plans = new LruCache<ReadStatement>(2_000);
  const runner = createStatementRunner(
    options.db,
    options.kind === 'postgres' ? options.databaseUrl : undefined,
  );
  // Not awaited here; a failure surfaces on the first read.
  runner.catch(() => undefined);
  const timeoutMs = options.timeoutMs ?? limits.timeoutMs;

  function readBody(body: GraphqlBody): {
    query: string;
    variables: Record<string, unknown>;
    variablesText: string;
    operationName?: string;
  } {
    if (!body || typeof body !== 'object' || Array.isArray(body)) {
      throw new GraphqlRequestError('parse-failed', 'the request body must be a JSON object');
    }
    if (typeof body.query !== 'string')
      throw new GraphqlRequestError('parse-failed', "the key 'query' was not present", '$');
    if (body.query.length > limits.queryChars) {
      throw new GraphqlRequestError(
        'validation-failed',
        `the query is longer than ${limits.queryChars} characters`,
      );
    }
    const variables = body.variables ?? {};
    if (typeof variables !== 'object' || Array.isArray(variables)) {
      throw new GraphqlRequestError('parse-failed', 'variables must be a JSON object', '$.variables');
    }
    const variablesText = JSON.stringify(variables);
    if (variablesText.length > limits.variablesChars) {
      throw new GraphqlRequestError(
        'validation-failed',
        `the variables are larger than ${limits.variablesChars} characters`,
        '$.variables',
      );
    }
    const operationName = body.operationName ?? undefined;
    if (operationName !== undefined && typeof operationName !== 'string') {
      throw new GraphqlRequestError('parse-failed', 'operationName must be a string', '$.operationName');
    }
    return {
      query: body.query,
      variables: variables as Record<string, unknown>,
      variablesText,
      operationName,
    };
  }

  function compileRoot(
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

  async function runQuery(
    operation: OperationDefinitionNode,
    scope: CompileScope,
    prepared: PreparedDocument,
    planKey: string,
  ): Promise<string> {
    const parent = schema.getQueryType()!;
    const fields = collectFields(scope, operation.selectionSet, '$');
    const introspection = fields.filter(
      (field) => field.name.startsWith('__') && field.name !== '__typename',
    );
    if (introspection.length > 0) {
      if (introspection.length !== fields.length) {
        throw new GraphqlRequestError(
          'not-supported',
          'introspection fields cannot be mixed with table fields',
        );
      }
      const result = await executeIntrospection({
        schema,
        document: prepared.document,
        operationName: operation.name?.value,
        variableValues: scope.variables,
      });
      return JSON.stringify(result);
    }
    const select = new SelectCompiler(schema, scope);
    const pairs = fields.map((field) =>
      field.name === '__typename'
        ? sql`${jsonKey(field.key)}, 'query_root'`
        : sql`${jsonKey(field.key)}, ${compileRoot(field, parent, scope, select)}`,
    );
    const compiled = sql`select json_build_object(${sql.join(pairs)})::text as data`.compile(options.db);
    const statement = (await runner).statement(compiled.sql, compiled.parameters);
    plans.set(planKey, statement);
    return readData(statement);
  }

  async function readData(statement: ReadStatement): Promise<string> {
    return `{"data":${await (await runner).readText(statement)}}`;
  }

  async function runMutation(operation: OperationDefinitionNode, scope: CompileScope): Promise<string> {
    if (scope.viewer.kind !== 'user')
      throw new GraphqlRequestError('validation-failed', 'no mutations exist');
    const parent = schema.getMutationType()!;
    const fields = collectFields(scope, operation.selectionSet, '$');
    const select = new SelectCompiler(schema, scope);
    // Compiled before the transaction opens, so bad input never reaches the database.
    const statements = fields.map((field) => ({
      field,
      statement: field.name === '__typename' ? undefined : compileRoot(field, parent, scope, select),
    }));
    const parts = await options.db.transaction().execute(async (transaction) => {
      const results: string[] = [];
      for (const { field, statement } of statements) {
        if (!statement) {
          results.push(`${JSON.stringify(field.key)}:"mutation_root"`);
          continue;
        }
        const { rows } = await sql<{ result: string | null; rejected: number }>`${statement}`.execute(
          transaction,
        );
        const row = rows[0]!;
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
    return `{"data":{${parts.join(',')}}}`;
  }

  async function run(viewer: Viewer, body: GraphqlBody): Promise<string> {
    const request = readBody(body);
    const prepared = documents.prepare(request.query);
    const operation = selectOperation(prepared, request.operationName);
    const planKey =
      operation.operation === OperationTypeNode.QUERY
        ? `${operation.name?.value ?? ''}\u0000${viewerKey(viewer)}\u0000${request.variablesText}\u0000${request.query}`
        : '';
    const planned = planKey ? plans.get(planKey) : undefined;
    if (planned) return readData(planned);
    const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], request.variables, {
      maxErrors: 1,
    });
    if (coerced.errors)
      throw new GraphqlRequestError('validation-failed', coerced.errors[0]!.message, '$.variables');
    const scope: CompileScope = {
      viewer,
      variables: coerced.coerced,
      fragments: prepared.fragments,
      aliasCount: 0,
    };
    if (operation.operation === OperationTypeNode.SUBSCRIPTION)
      throw new GraphqlRequestError('not-supported', 'subscriptions are not supported');
    return operation.operation === OperationTypeNode.MUTATION
      ? runMutation(operation, scope)
      : runQuery(operation, scope, prepared, planKey);
  }

  return {
    /** Executes one request; always resolves to the response JSON text (data or Hasura errors). */
    async execute(viewer: Viewer | GraphqlRequestError, body: GraphqlBody): Promise<string> {
      let timer: NodeJS.Timeout | undefined;
      try {
        if (viewer instanceof GraphqlRequestError) throw viewer;
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(
            () =>
              reject(
                new GraphqlRequestError(
                  'timeout',
                  `GraphQL request timed out after ${Math.round(timeoutMs / 1000)} seconds`,
                ),
              ),
            timeoutMs,
          );
        });
        return await Promise.race([run(viewer, body), timeout]);
      } catch (error) {
        if (error instanceof GraphqlRequestError) return JSON.stringify(errorBody(error));
        const mapped = fromDatabaseError(error);
        if (mapped) return JSON.stringify(errorBody(mapped));
        options.log(error);
        return JSON.stringify(errorBody(new GraphqlRequestError('unexpected', 'database query error')));
      } finally {
        clearTimeout(timer);
      }
    },
    get cachedDocuments(): number {
      return documents.size;
    },
    /** Ends the read pool (PostgreSQL). */
    async close(): Promise<void> {
      await (await runner.catch(() => undefined))?.close();
    },
  };
}

export type GraphqlService = ReturnType<typeof createGraphqlService>;

const viewerKeys = new WeakMap<Viewer, string>();

/** The plan cache's key part for a viewer (viewer objects are reused while their token is cached). */
function viewerKey(viewer: Viewer): string {
  let key = viewerKeys.get(viewer);
  if (key === undefined) {
    key = JSON.stringify(viewer);
    viewerKeys.set(viewer, key);
  }
  return key;
}
