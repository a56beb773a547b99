// A request body read with its schema; problems answer 400 with per-field messages, and so does a key the
// schema does not know.
import type { z } from 'zod';
import { AppError } from '../../errors.ts';
import { unknownFields, unknownKeys } from '../../lib/input.ts';

export function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body ?? {});
  const fields = unknownFields(unknownKeys(schema, body ?? {}));
  if (parsed.success && Object.keys(fields).length === 0) return parsed.data;
  for (const issue of parsed.error?.issues ?? []) {
    if (issue.code === 'unrecognized_keys') continue; // named one by one above
    const key = issue.path.join('.') || 'non_field_errors';
    (fields[key] ??= []).push(issue.message);
  }
  throw AppError.validation(fields);
}
