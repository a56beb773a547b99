// Error texts of spec §8: what the user reads for an HTTP failure, and the client's error classes.

export const CONNECTION_TEXT = "Can't connect to the server. Try to refresh the page";
export const TIMEOUT_TEXT = 'Timeout';
export const INVALID_DATA_TEXT = 'Invalid data';
export const NOT_PROVIDED_TEXT = 'Authentication credentials were not provided.';
export const NETWORK_FAILURE_STATUS = -1;
export const TIMEOUT_STATUS = 408;
export const FORBIDDEN_STATUS = 403;

/** Body of a failed call: the server's `{code, detail, fields}` or a synthetic one. */
export interface ErrorData {
  code?: string;
  detail?: string;
  error?: string;
  msg?: string;
  message?: string;
  fields?: Record<string, string[]>;
  [key: string]: unknown;
}

const STATUS_TEXT: Record<number, string> = {
  401: 'Not authorized',
  400: 'Bad request',
  403: 'Forbidden',
  404: 'Not found',
  408: 'Timeout',
  500: 'Server error',
  [NETWORK_FAILURE_STATUS]: 'Client side error',
};

/** The toast text for a failed call: the body's detail, error, msg or message; else by status. */
export function httpErrorText(status: number, data: unknown): string {
  if (typeof data === 'object' && data !== null) {
    const body = data as ErrorData;
    for (const candidate of [body.detail, body.error, body.msg, body.message]) {
      if (typeof candidate === 'string' && candidate.trim() !== '') return candidate;
    }
  } else if (typeof data === 'string' && data.trim() !== '') {
    return data;
  }
  return STATUS_TEXT[status] ?? `Error code ${status}`;
}

/** The browser could not reach the server (fetch rejected): the spec's connection text, never 'Failed to fetch'. */
/**
 * The toast text with the reasons the server gave per field, so "Draft is invalid." says why:
 * "Draft is invalid. vial: Must be lower than 101".
 */
export function httpErrorTextWithFields(status: number, data: unknown): string {
  const text = httpErrorText(status, data);
  const fields = typeof data === 'object' && data !== null ? (data as ErrorData).fields : undefined;
  if (!fields || typeof fields !== 'object') return text;
  const reasons = Object.entries(fields)
    .filter(([, messages]) => Array.isArray(messages) && messages.length > 0)
    .map(([field, messages]) => `${field.replace(/_/g, ' ')}: ${messages.join(', ')}`);
  return reasons.length === 0 ? text : `${text} ${reasons.join('; ')}`;
}

export class ConnectionError extends Error {
  constructor() {
    super(CONNECTION_TEXT);
    this.name = 'ConnectionError';
  }
}

/** True for the browser's own fetch rejection (a TypeError: 'Failed to fetch', 'Load failed', …). */
export function isFetchRejection(error: unknown): boolean {
  return error instanceof TypeError;
}

/** What the user reads for a failed load or action: the connection text for a network failure. */
export function failureText(error: unknown): string {
  if (isFetchRejection(error)) return CONNECTION_TEXT;
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  return typeof error === 'string' && error.trim() !== '' ? error : 'Something went wrong.';
}

export class RequestFailedError extends Error {
  constructor(reason: string) {
    super(`Request failed! ${reason}`);
    this.name = 'RequestFailedError';
  }
}

export class GraphqlResponseError extends Error {
  readonly code: string | undefined;
  readonly details: unknown;
  constructor(message = "Can't get data from a graphql server!", code?: string, details?: unknown) {
    super(message);
    this.name = 'GraphqlResponseError';
    this.code = code;
    this.details = details;
  }
}

export class GraphqlTimeoutError extends Error {
  constructor() {
    super('GraphQL request timed out after 120 seconds');
    this.name = 'GraphqlTimeoutError';
  }
}

export class TokenExpiredError extends Error {
  constructor(message = 'JWT is expired') {
    super(message);
    this.name = 'TokenExpiredError';
  }
}

/** An application error raised by the server inside a GraphQL error message. */
export class ApplicationError extends Error {
  readonly details: unknown;
  readonly fields: Record<string, string[]> | undefined;
  constructor(message: string, details?: unknown, fields?: Record<string, string[]>) {
    super(message);
    this.name = 'ApplicationError';
    this.details = details;
    this.fields = fields;
  }
}

/**
 * Other server errors (spec §8): the first message is parsed as JSON; if it parses, the error carries its
 * message (first entry if a list) and details (possibly fields); otherwise the raw message and no fields.
 */
export function parseServerErrorMessage(raw: string): ApplicationError {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw) as unknown;
  } catch {
    return new ApplicationError(raw);
  }
  if (typeof parsed !== 'object' || parsed === null) return new ApplicationError(raw);
  const body = parsed as { message?: unknown; details?: unknown };
  const message: unknown = Array.isArray(body.message) ? (body.message as unknown[])[0] : body.message;
  const details = body.details;
  const fields =
    typeof details === 'object' && details !== null && 'fields' in details
      ? (details as { fields: Record<string, string[]> }).fields
      : undefined;
  return new ApplicationError(typeof message === 'string' ? message : raw, details, fields);
}
