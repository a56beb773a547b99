// The GraphQL service: request checks, cached documents, variable coercion, then one SQL statement per root
// field (all query root fields in one statement; mutations in one transaction). The database returns the
// response JSON as text, which is spliced into the body without re-serialising.
import {
  execute as executeIntrospection,
  getVariableValues,
  OperationTypeNode,
  type OperationDefinitionNode,
} from 'graphql';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Viewer } from '../../repositories/graphql/policy.ts';
import { graphqlAccess } from './access.ts';
import { DocumentCache, selectOperation, type PreparedDocument } from './documents.ts';
import { errorBody, fromDatabaseError, GraphqlRequestError } from '../../lib/graphql-errors.ts';
import { collectFields, type CompileScope, type Field } from '../../repositories/graphql/fields.ts';
import { limits } from './limits.ts';
import { LruCache } from '../../lib/lru.ts';
import { graphqlSchema } from './schema.ts';
import {
  compileMutations,
  compileReadStatement,
  runMutations,
} from '../../repositories/graphql/statements-sql.ts';
import {
  fillParameters,
  learnShape,
  sentinelVariables,
  slotVariables,
  type ShapePlan,
  type Slotted,
} from './shapes.ts';
import { createStatementRunner, type ReadStatement } from '../../repositories/graphql/statements.ts';
import { isConnectionError } from '../../lib/connection-errors.ts';

/** A query request on its way to a read statement, with its cache keys. */
interface ReadRequest {
  viewer: Viewer;
  prepared: PreparedDocument;
  variables: Record<string, unknown>;
  planKey: string;
  shapeKey: string;
  slotted: Slotted | undefined;
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
  // Plans by (document, operation, viewer, shape of the variables): requests that differ only in values
  // (another search text, another page) fill the parameters of a known statement without compiling.
  const shapes = new LruCache<ShapePlan | null>(1_000);
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

  /** The variables coerced against the operation's definitions, or the validation error. */
  function coerce(operation: OperationDefinitionNode, variables: Record<string, unknown>) {
    const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables, {
      maxErrors: 1,
    });
    if (coerced.errors)
      throw new GraphqlRequestError('validation-failed', coerced.errors[0]!.message, '$.variables');
    return coerced.coerced;
  }

  const compileRead = (fields: Field[], scope: CompileScope) =>
    compileReadStatement(options.db, schema, fields, scope);

  /** The plan shared by requests of this shape, learnt from sentinel compilations; null if not shareable. */
  function learn(
    operation: OperationDefinitionNode,
    request: ReadRequest,
    real: { sql: string; parameters: readonly unknown[] },
  ): ShapePlan | null {
    try {
      const sentinels = sentinelVariables(request.variables).map((variables) => {
        const scope: CompileScope = {
          viewer: request.viewer,
          access: graphqlAccess,
          variables: coerce(operation, variables),
          fragments: request.prepared.fragments,
          aliasCount: 0,
        };
        const compiled = compileRead(collectFields(scope, operation.selectionSet, '$'), scope);
        return { text: compiled.sql, parameters: compiled.parameters };
      });
      const text = { text: real.sql, parameters: real.parameters };
      return learnShape(text, sentinels, request.slotted!.leaves) ?? null;
    } catch {
      return null;
    }
  }

  async function runQuery(
    operation: OperationDefinitionNode,
    scope: CompileScope,
    request: ReadRequest,
  ): Promise<string> {
    const prepared = request.prepared;
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
    const compiled = compileRead(fields, scope);
    const statement = (await runner).statement(compiled.sql, compiled.parameters);
    plans.set(request.planKey, statement);
    if (request.slotted && shapes.get(request.shapeKey) === undefined) {
      shapes.set(request.shapeKey, learn(operation, request, compiled));
    }
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
    // Compiled before the transaction opens, so bad input never reaches the database.
    const statements = compileMutations(schema, parent, fields, scope);
    const parts = await runMutations(options.db, statements, scope.viewer.userId);
    return `{"data":{${parts.join(',')}}}`;
  }

  async function run(viewer: Viewer, body: GraphqlBody): Promise<string> {
    const request = readBody(body);
    const prepared = documents.prepare(request.query);
    const operation = selectOperation(prepared, request.operationName);
    let read: ReadRequest | undefined;
    if (operation.operation === OperationTypeNode.QUERY) {
      const head = `${prepared.id}\u0000${operation.name?.value ?? ''}\u0000${viewerKey(viewer)}\u0000`;
      const planKey = head + request.variablesText;
      const planned = plans.get(planKey);
      if (planned) return readData(planned);
      const slotted = slotVariables(request.variables);
      const shapeKey = slotted ? head + slotted.key : '';
      const shape = slotted ? shapes.get(shapeKey) : undefined;
      if (shape && slotted) {
        const values = fillParameters(shape.sources, slotted.leaves);
        const statement = (await runner).statement(shape.text, values);
        plans.set(planKey, statement);
        return readData(statement);
      }
      read = { viewer, prepared, variables: request.variables, planKey, shapeKey, slotted };
    }
    const scope: CompileScope = {
      viewer,
      access: graphqlAccess,
      variables: coerce(operation, request.variables),
      fragments: prepared.fragments,
      aliasCount: 0,
    };
    if (operation.operation === OperationTypeNode.SUBSCRIPTION)
      throw new GraphqlRequestError('not-supported', 'subscriptions are not supported');
    return operation.operation === OperationTypeNode.MUTATION
      ? runMutation(operation, scope)
      : runQuery(operation, scope, read!);
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
        // A lost database connection is the transport's to answer (503), not a query error.
        if (isConnectionError(error)) throw error;
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
