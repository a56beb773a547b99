// A request body read with its schema; problems answer 400 with per-field messages.
import type { z } from 'zod';
import { AppError } from '../../errors.ts';

export function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const fields: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.') || 'non_field_errors';
    (fields[key] ??= []).push(issue.message);
  }
  throw AppError.validation(fields);
}
