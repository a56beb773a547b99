// Request input for the sequences area: zod schemas parsed into typed values, failures answered as the one
// form-error shape (`invalid` with per-field messages), and path ids checked before any query runs.
import { formMessages, type DomainErrorCode } from '@eluent/contracts';
import type { z } from 'zod';
import { AppError } from '../errors.ts';

function messageOf(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type' && issue.input === undefined) return formMessages.required;
  if (issue.code === 'too_small' && typeof issue.minimum === 'number') {
    return issue.origin === 'string'
      ? formMessages.minLength(issue.minimum)
      : formMessages.minValue(issue.minimum);
  }
  if (issue.code === 'too_big' && typeof issue.maximum === 'number' && issue.origin !== 'string') {
    return formMessages.maxValue(issue.maximum);
  }
  // A schema's own check words its message from the same catalogue.
  if (issue.code === 'custom' && (Object.values(formMessages) as unknown[]).includes(issue.message))
    return issue.message;
  return formMessages.invalid;
}

/** Per-field messages of a failed parse, keyed by the dotted path (`analytes.0.amount`). */
export function fieldsOf(error: z.ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : 'non_field_errors';
    (fields[key] ??= []).push(messageOf(issue));
  }
  return fields;
}

/** Parses a body or query; a failure is a 400 `invalid` naming each field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw AppError.validation(fieldsOf(result.error));
  return result.data;
}

/** Parses with a schema but answers a catalogued domain error (with the field messages) on failure. */
export function parseOr<S extends z.ZodType>(schema: S, input: unknown, code: DomainErrorCode): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw AppError.domain(400, code, { fields: fieldsOf(result.error) });
  return result.data;
}

/** A positive integer path id; anything else answers `code` (404 `not_found` by default). */
export function pathId(raw: unknown, code: DomainErrorCode = 'not_found', status = 404): number {
  const text = typeof raw === 'string' ? raw : '';
  if (!/^\d{1,9}$/.test(text) || Number(text) < 1) throw AppError.domain(status, code);
  return Number(text);
}

/** A uuid path segment; anything else is the given 404 (never a database cast error). */
export function pathUuid(raw: unknown, code: DomainErrorCode = 'not_found'): string {
  const text = typeof raw === 'string' ? raw.toLowerCase() : '';
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(text))
    throw AppError.domain(404, code);
  return text;
}
