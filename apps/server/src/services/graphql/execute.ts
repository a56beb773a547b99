// The GraphQL service: request checks, cached documents, variable coercion, then one SQL statement per root
// field (all query root fields in one statement; mutations in one transaction). The database returns the
// response JSON as text, which is spliced into the body without re-serialising.
import {
  execute as executeIntrospection,
  getVariableValues,
  OperationTypeNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { TokenStanding, Viewer } from '../../repositories/graphql/policy.ts';
import { graphqlAccess } from './access.ts';
import { DocumentCache, selectOperation, type PreparedDocument } from './documents.ts';
import { errorBody, fromDatabaseError, GraphqlRequestError } from '../../lib/graphql-errors.ts';
import { collectFields, type CompileScope, type Field } from '../../repositories/graphql/fields.ts';
import { limits } from './limits.ts';
import { graphqlSchema } from './schema.ts';
import {
  compileMutations,
  compileReadStatement,
  runMutations,
} from '../../repositories/graphql/statements-sql.ts';
import { ReadPlans, type ReadKey, type SharedPlan } from './read-plans.ts';
import {
  createStatementRunner,
  type ReadStatement,
  type StatementRunner,
} from '../../repositories/graphql/statements.ts';
import { isConnectionError } from '../../lib/connection-errors.ts';

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
  /**
   * Whether a user's token still stands, as a statement of its own: for what is not a read (a mutation,
   * introspection, a request refused before its read ran). Reads check it inside their own statement.
   */
  tokenStands?: (standing: TokenStanding) => Promise<boolean>;
}

/** A request's token to check, and whether that check has been answered yet. */
interface StandingCheck {
  standing: TokenStanding | undefined;
  answered: boolean;
}

const revoked = () => new GraphqlRequestError('invalid-jwt', 'Could not verify JWT: JWTInvalidClaims');

/** Checks the token with a statement of its own, unless already answered; refuses one that fell. */
async function confirmStanding(
  check: StandingCheck,
  tokenStands: GraphqlServiceOptions['tokenStands'],
): Promise<void> {
  if (check.answered || check.standing === undefined) return;
  if (!tokenStands) throw new Error('no token standing check configured');
  const stands = await tokenStands(check.standing);
  check.answered = true;
  if (!stands) throw revoked();
}

/** The answer to a failed request (Hasura's error form); a lost database connection is rethrown. */
function failureText(error: unknown, log: (error: unknown) => void): string {
  if (error instanceof GraphqlRequestError) return JSON.stringify(errorBody(error));
  // A lost database connection is the transport's to answer (503), not a query error.
  if (isConnectionError(error)) throw error;
  const mapped = fromDatabaseError(error);
  if (mapped) return JSON.stringify(errorBody(mapped));
  log(error);
  return JSON.stringify(errorBody(new GraphqlRequestError('unexpected', 'database query error')));
}

/** The request's query, variables (with their JSON text) and operation name, checked against the limits. */
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
function coerce(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
) {
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables, {
    maxErrors: 1,
  });
  if (coerced.errors)
    throw new GraphqlRequestError('validation-failed', coerced.errors[0]!.message, '$.variables');
  return coerced.coerced;
}

/** Whether a query asks introspection fields only; introspection mixed with table fields is refused. */
function isIntrospection(fields: Field[]): boolean {
  const introspected = fields.filter((field) => field.name.startsWith('__') && field.name !== '__typename');
  if (introspected.length === 0) return false;
  if (introspected.length !== fields.length) {
    throw new GraphqlRequestError('not-supported', 'introspection fields cannot be mixed with table fields');
  }
  return true;
}

/** The answer of a query of introspection fields only, executed by graphql-js. */
async function introspection(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  prepared: PreparedDocument,
  scope: CompileScope,
): Promise<string> {
  const result = await executeIntrospection({
    schema,
    document: prepared.document,
    operationName: operation.name?.value,
    variableValues: scope.variables,
  });
  return JSON.stringify(result);
}

/** The work's answer, or a `timeout` request error once `timeoutMs` passed first. */
function withTimeout(work: () => Promise<string>, timeoutMs: number): Promise<string> {
  // One promise and one timer per request (no race between two promises).
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(
          new GraphqlRequestError(
            'timeout',
            `GraphQL request timed out after ${Math.round(timeoutMs / 1000)} seconds`,
          ),
        ),
      timeoutMs,
    );
    work().then(
      (text) => {
        clearTimeout(timer);
        resolve(text);
      },
      (error: Error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** A mutation's root fields in one transaction, after the token's own check; visitors have none. */
async function runMutation(
  options: GraphqlServiceOptions,
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  scope: CompileScope,
  check: StandingCheck,
): Promise<string> {
  if (scope.viewer.kind !== 'user') throw new GraphqlRequestError('validation-failed', 'no mutations exist');
  await confirmStanding(check, options.tokenStands);
  const parent = schema.getMutationType()!;
  const fields = collectFields(scope, operation.selectionSet, '$');
  // Compiled before the transaction opens, so bad input never reaches the database.
  const statements = compileMutations(schema, parent, fields, scope);
  const parts = await runMutations(options.db, statements, scope.viewer.userId);
  return `{"data":{${parts.join(',')}}}`;
}

export function createGraphqlService(options: GraphqlServiceOptions) {
  const schema = graphqlSchema();
  const documents = new DocumentCache(schema);
  const runner = createStatementRunner(
    options.db,
    options.kind === 'postgres' ? options.databaseUrl : undefined,
  );
  // Query plans by document, operation, role and variable shape (read-plans.ts). Mutations are compiled each
  // time (server-generated values such as share tokens). Not awaited here; a failure surfaces on the first read.
  const reads = runner.then((statements) => new ReadPlans(statements, compileFor));
  reads.catch(() => undefined);
  // Once ready, the runner and plans are used without awaiting their promises again (no microtask each).
  let ready: { statements: StatementRunner; plans: ReadPlans } | undefined;
  void Promise.all([runner, reads]).then(
    ([statements, plans]) => (ready = { statements, plans }),
    () => undefined,
  );
  const timeoutMs = options.timeoutMs ?? limits.timeoutMs;

  const compileRead = (fields: Field[], scope: CompileScope) =>
    compileReadStatement(options.db, schema, fields, scope);

  /** A query's statement compiled from scratch for a viewer and the variables as sent. */
  function compileFor(
    operation: OperationDefinitionNode,
    fragments: CompileScope['fragments'],
    viewer: Viewer,
    variables: Record<string, unknown>,
  ) {
    const scope: CompileScope = {
      viewer,
      access: graphqlAccess,
      variables: coerce(schema, operation, variables),
      fragments,
      aliasCount: 0,
    };
    return compileRead(collectFields(scope, operation.selectionSet, '$'), scope);
  }

  async function runQuery(
    operation: OperationDefinitionNode,
    scope: CompileScope,
    prepared: PreparedDocument,
    key: ReadKey,
    check: StandingCheck,
  ): Promise<string> {
    const fields = collectFields(scope, operation.selectionSet, '$');
    if (isIntrospection(fields)) {
      await confirmStanding(check, options.tokenStands);
      return introspection(schema, operation, prepared, scope);
    }
    const statement = (await reads).remember(key, compileRead(fields, scope));
    return readData(statement, check);
  }

  /**
   * The response: the database's JSON text inside the envelope, never parsed here. A user's token is checked
   * in the same statement; one that no longer stands gets no data.
   */
  async function readData(statement: ReadStatement, check: StandingCheck): Promise<string> {
    const statements = ready?.statements ?? (await runner);
    const text = await statements.readText(statement, check.standing);
    check.answered = true;
    if (text === null) throw revoked();
    return `{"data":${text}}`;
  }

  async function run(viewer: Viewer, body: GraphqlBody, check: StandingCheck): Promise<string> {
    const request = readBody(body);
    const prepared = documents.prepare(request.query);
    const operation = selectOperation(prepared, request.operationName);
    let key: ReadKey | undefined;
    if (operation.operation === OperationTypeNode.QUERY) {
      const plans = ready?.plans ?? (await reads);
      key = plans.key(`${prepared.id}\u0000${operation.name?.value ?? ''}`, {
        operation,
        fragments: prepared.fragments,
        viewer,
        variables: request.variables,
        variablesText: request.variablesText,
      });
      const known = plans.known(key);
      if (known) return readData(known, check);
    }
    const scope: CompileScope = {
      viewer,
      access: graphqlAccess,
      variables: coerce(schema, operation, request.variables),
      fragments: prepared.fragments,
      aliasCount: 0,
    };
    if (operation.operation === OperationTypeNode.SUBSCRIPTION)
      throw new GraphqlRequestError('not-supported', 'subscriptions are not supported');
    return operation.operation === OperationTypeNode.MUTATION
      ? runMutation(options, schema, operation, scope, check)
      : runQuery(operation, scope, prepared, key!, check);
  }

  return {
    /**
     * Executes one request; always resolves to the response JSON text (data or Hasura errors). `standing`:
     * what a user's bearer token must still match — a read checks it in its own statement, anything else
     * with one of its own; a token that no longer stands is answered `invalid-jwt` and nothing else.
     */
    async execute(
      viewer: Viewer | GraphqlRequestError,
      body: GraphqlBody,
      standing?: TokenStanding,
    ): Promise<string> {
      if (viewer instanceof GraphqlRequestError) return JSON.stringify(errorBody(viewer));
      const check: StandingCheck = { standing, answered: false };
      try {
        return await withTimeout(() => run(viewer, body, check), timeoutMs);
      } catch (error) {
        if (isConnectionError(error)) throw error;
        // Failed before its read answered: a token that no longer stands hears only that, as when it was
        // checked first.
        let failure = error;
        try {
          await confirmStanding(check, options.tokenStands);
        } catch (refusal) {
          failure = refusal;
        }
        return failureText(failure, options.log);
      }
    },
    get cachedDocuments(): number {
      return documents.size;
    },
    /** Query requests compiled so far: the others reused a plan (read-plans.ts). */
    async compilations(): Promise<number> {
      return (await reads).compilations;
    },
    /** The statement texts shared by requests of one document, role and variable shape. */
    async sharedPlans(): Promise<SharedPlan[]> {
      return (await reads).shared();
    },
    /** Ends the read pool (PostgreSQL). */
    async close(): Promise<void> {
      await (await runner.catch(() => undefined))?.close();
    },
  };
}

export type GraphqlService = ReturnType<typeof createGraphqlService>;
