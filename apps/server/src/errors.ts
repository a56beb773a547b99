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
