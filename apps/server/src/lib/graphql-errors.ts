// Errors in Hasura's form: HTTP 200, `{errors: [{message, extensions: {path, code}}]}`. Database errors are
// mapped by SQLSTATE to Hasura's codes and message prefixes; anything unexpected gets a generic message.
import { AppError, lockRefusal } from '../errors.ts';

export type HasuraCode =
  | 'validation-failed'
  | 'parse-failed'
  | 'invalid-jwt'
  | 'invalid-headers'
  | 'constraint-violation'
  | 'constraint-error'
  | 'permission-error'
  | 'data-exception'
  | 'access-denied'
  | 'not-supported'
  | 'timeout'
  | 'unexpected';

export class GraphqlRequestError extends Error {
  constructor(
    readonly code: HasuraCode,
    message: string,
    readonly path = '$',
  ) {
    super(message);
  }
}

export interface HasuraErrorBody {
  errors: Array<{ message: string; extensions: { path: string; code: HasuraCode } }>;
}

export function errorBody(error: GraphqlRequestError): HasuraErrorBody {
  return { errors: [{ message: error.message, extensions: { path: error.path, code: error.code } }] };
}

const constraintPrefixes: Record<string, string> = {
  '23505': 'Uniqueness violation. ',
  '23503': 'Foreign key violation. ',
  '23502': 'Not-NULL violation. ',
  '23001': 'Can not delete or update due to data being referred. ',
};

/** Maps a database error to a GraphQL error; returns undefined for errors that are not the caller's fault. */
export function fromDatabaseError(error: unknown): GraphqlRequestError | undefined {
  if (!error || typeof error !== 'object') return undefined;
  // A record lock of the database: the catalogue message, as any other rule's refusal.
  const locked = lockRefusal(error);
  if (locked) return new GraphqlRequestError('validation-failed', locked.message);
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code !== 'string' || typeof message !== 'string') return undefined;
  const prefix = constraintPrefixes[code];
  if (prefix) return new GraphqlRequestError('constraint-violation', prefix + message);
  if (code === '23514')
    return new GraphqlRequestError('permission-error', `Check constraint violation. ${message}`);
  if (code.startsWith('22')) return new GraphqlRequestError('data-exception', message);
  if (code === '42P10') return new GraphqlRequestError('constraint-error', message);
  if (code === '57014')
    return new GraphqlRequestError('timeout', 'GraphQL request timed out after 120 seconds');
  if (code === '2201W' || code === '2201X') return new GraphqlRequestError('validation-failed', message);
  return undefined;
}

/**
 * A write rule's refusal (an AppError of the catalogue, as the REST services throw) in Hasura's form: the
 * catalogue message with code `validation-failed`. Anything else is rethrown unchanged.
 */
export function ruleRefusal(error: unknown): unknown {
  if (error instanceof AppError) return new GraphqlRequestError('validation-failed', error.message);
  return error;
}
