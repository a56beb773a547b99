// The web's edge: what the server answers (REST bodies, GraphQL jsonb columns, realtime payloads) is read
// with the zod schemas of @eluent/contracts before the app uses it. A body that does not match becomes an
// `InvalidAnswerError` naming the first field, shown as any failed load is; never a silent wrong value.
// Nothing is imported here: the schemas (and zod with them) stay in the chunks of the pages that read them.

/** What `parseAnswer` needs of a zod schema. */
export interface AnswerSchema<T> {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }> } };
}

export const INVALID_ANSWER_TEXT = "The server's answer could not be read";

export class InvalidAnswerError extends Error {
  /** Where in the answer the first problem is ("injections.0.result.peaks.2.area"). */
  readonly path: string;
  constructor(what: string, path: string, problem: string) {
    super(`${INVALID_ANSWER_TEXT} (${what}${path === '' ? '' : `, ${path}`}: ${problem}).`);
    this.name = 'InvalidAnswerError';
    this.path = path;
  }
}

/** `value` read with `schema`, or an `InvalidAnswerError` naming `what` and the first field that failed. */
export function parseAnswer<T>(schema: AnswerSchema<T>, value: unknown, what: string): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new InvalidAnswerError(
    what,
    issue?.path.map(String).join('.') ?? '',
    issue?.message ?? 'not readable',
  );
}

/** A list whose every item is read with `item`; the first failing item is named by its index. */
export function listOf<T>(item: AnswerSchema<T>): AnswerSchema<T[]> {
  return {
    safeParse(value) {
      if (!Array.isArray(value))
        return { success: false, error: { issues: [{ path: [], message: 'Expected a list' }] } };
      const items: T[] = [];
      for (const [index, element] of (value as unknown[]).entries()) {
        const parsed = item.safeParse(element);
        if (!parsed.success) {
          const issues = parsed.error.issues.map((issue) => ({ ...issue, path: [index, ...issue.path] }));
          return { success: false, error: { issues } };
        }
        items.push(parsed.data);
      }
      return { success: true, data: items };
    },
  };
}
