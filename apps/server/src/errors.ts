// One error shape for REST: `{code, detail, fields?}`; a generic 500 never leaks internals.
import { domainErrors, type DomainErrorCode, type ErrorBody } from '@eluent/contracts';

export class AppError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly body: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(
    statusCode: number,
    code: string,
    detail: string,
    extra: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ) {
    super(detail);
    this.statusCode = statusCode;
    this.code = code;
    this.body = { code, detail, ...extra };
    this.headers = headers;
  }

  /** A catalogued domain error of spec §8, answered as `{code, detail}`. */
  static domain(statusCode: number, code: DomainErrorCode, extra: Record<string, unknown> = {}): AppError {
    return new AppError(statusCode, code, domainErrors[code], extra);
  }

  /** A form error: `fields` maps each field to its messages, `detail` names the first problem. */
  static validation(fields: Record<string, string[]>): AppError {
    const first = Object.entries(fields)[0];
    const detail = first ? `${first[0]}: ${first[1].join(' ')}` : domainErrors.invalid;
    const body: Partial<ErrorBody> = { fields };
    return new AppError(400, 'invalid', detail, body);
  }
}

/** An error whose body is sent exactly as given (simplejwt-compatible bodies have no `code` sometimes). */
export class RawBodyError extends AppError {
  constructor(statusCode: number, body: Record<string, unknown>, headers: Record<string, string> = {}) {
    super(
      statusCode,
      typeof body.code === 'string' ? body.code : 'error',
      typeof body.detail === 'string' ? body.detail : '',
      {},
      headers,
    );
    Object.assign(this, { body });
  }
}

/** SQLSTATE of a refusal by the record locks of the database (migration `0020_locks_and_sessions`). */
const lockRefusalState = 'EL409';
const lockCodes: readonly DomainErrorCode[] = [
  'record_signed_locked',
  'sequence_running_template_locked',
  'sequence_running_method_locked',
];

/**
 * The catalogue refusal (409) for a write the database's record locks refused, or undefined for any other
 * error. Every transport maps it, so a locked record answers the same code whatever path the write took.
 */
export function lockRefusal(error: unknown): AppError | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return undefined;
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (code === lockRefusalState && typeof message === 'string') {
      const known = lockCodes.find((candidate) => message.includes(candidate));
      return AppError.domain(409, known ?? 'record_signed_locked');
    }
    current = cause;
  }
  return undefined;
}
