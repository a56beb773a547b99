// Which errors mean the database connection is missing (PostgreSQL error classes, socket errors), as opposed
// to a statement that was wrong. Pure: transports, services and the availability probe all ask it.

/** PostgreSQL error classes and socket errors that mean "no connection", not "bad statement". */
const CONNECTION_CODES = new Set([
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down)
  '53300', // too_many_connections
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOENT', // unix socket gone
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
]);

const CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'is not queryable',
  'Client has encountered a connection error',
  'Cannot use a pool after calling end',
];

/** True when `error` (or its cause) says the database connection is missing, not that a query was wrong. */
export function isConnectionError(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return false;
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (CONNECTION_CODES.has(code) || code.startsWith('08'))) return true;
    if (typeof message === 'string' && CONNECTION_MESSAGES.some((text) => message.includes(text)))
      return true;
    current = cause;
  }
  return false;
}
