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
    // A strict object's stray keys are named one by one by `unknownKeys`.
    if (issue.code === 'unrecognized_keys') continue;
    const key = issue.path.length > 0 ? issue.path.join('.') : 'non_field_errors';
    (fields[key] ??= []).push(messageOf(issue));
  }
  return fields;
}

type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The dotted paths of the keys in `input` that `schema` does not know, at any depth (objects, arrays,
 * records, optional and nullable values, unions — the option that accepts the value — and the input
 * side of transforms). A zod object strips such keys silently; a request naming one is refused instead,
 * so a misspelt or stale field is never ignored. Objects declared loose (`z.looseObject`) accept any key.
 */
export function unknownKeys(schema: z.ZodType, input: unknown, path: string[] = []): string[] {
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      if (!isPlainObject(input)) return [];
      const shape = def.shape as Record<string, z.ZodType>;
      const loose = def.catchall !== undefined && defOf(def.catchall).type !== 'never';
      return Object.entries(input).flatMap(([key, value]) => {
        const known = Object.hasOwn(shape, key) ? shape[key] : undefined;
        if (known) return unknownKeys(known, value, [...path, key]);
        return loose ? [] : [[...path, key].join('.')];
      });
    }
    case 'array':
      return Array.isArray(input)
        ? input.flatMap((item, index) =>
            unknownKeys(def.element as z.ZodType, item, [...path, String(index)]),
          )
        : [];
    case 'record':
      return isPlainObject(input)
        ? Object.entries(input).flatMap(([key, value]) =>
            unknownKeys(def.valueType as z.ZodType, value, [...path, key]),
          )
        : [];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return input === undefined || input === null
        ? []
        : unknownKeys(def.innerType as z.ZodType, input, path);
    case 'pipe':
      return unknownKeys(def.in as z.ZodType, input, path);
    case 'lazy':
      return unknownKeys((def.getter as () => z.ZodType)(), input, path);
    case 'union': {
      // The option that takes the value (the fewest unknown keys among those that parse); none: the
      // parse itself fails and names the problem.
      const fits = (def.options as z.ZodType[])
        .filter((option) => option.safeParse(input).success)
        .map((option) => unknownKeys(option, input, path));
      return (
        fits.reduce<string[] | undefined>(
          (best, keys) => (best === undefined || keys.length < best.length ? keys : best),
          undefined,
        ) ?? []
      );
    }
    case 'intersection': {
      const right = new Set(unknownKeys(def.right as z.ZodType, input, path));
      return unknownKeys(def.left as z.ZodType, input, path).filter((key) => right.has(key));
    }
    default:
      return [];
  }
}

/** Field messages for keys a request body may not carry. */
export function unknownFields(keys: readonly string[]): Record<string, string[]> {
  return Object.fromEntries(keys.map((key) => [key, [formMessages.unknownField]]));
}

/** Refuses a body carrying a key other than `allowed` (bodies read field by field, without a schema). */
export function onlyFields(body: Record<string, unknown>, allowed: readonly string[]): void {
  const extra = Object.keys(body).filter((key) => !allowed.includes(key));
  if (extra.length > 0) throw AppError.validation(unknownFields(extra));
}

function checked<S extends z.ZodType>(schema: S, input: unknown) {
  const value = input ?? {};
  const result = schema.safeParse(value);
  const fields = unknownFields(unknownKeys(schema, value));
  if (!result.success) Object.assign(fields, fieldsOf(result.error));
  return { result, fields, refused: !result.success || Object.keys(fields).length > 0 };
}

/**
 * Parses a request body; a failure is a 400 `invalid` naming each field, and so is a key the schema does
 * not know (`unknownKeys`).
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const { result, fields, refused } = checked(schema, input);
  if (refused || !result.success) throw AppError.validation(fields);
  return result.data;
}

/** Parses a query string: unknown parameters are ignored (caches and links add their own). */
export function parseQuery<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw AppError.validation(fieldsOf(result.error));
  return result.data;
}

/** Parses a body with a schema but answers a catalogued domain error (with the field messages) on failure. */
export function parseOr<S extends z.ZodType>(schema: S, input: unknown, code: DomainErrorCode): z.infer<S> {
  const { result, fields, refused } = checked(schema, input);
  if (!result.success) throw AppError.domain(400, code, { fields });
  if (refused) throw AppError.validation(fields);
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
