import { AppError } from '../../errors.ts';

/** The JSON object body of a request; anything else is a 400 with a clear message. */
export function objectBody(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw new AppError(400, 'invalid', 'Request body must be a JSON object.');
  }
  return body as Record<string, unknown>;
}
