// One boundary check for every JSON input (REST bodies, GraphQL variables, realtime frames, device-link
// frames): text PostgreSQL cannot store or that is absurdly long, and numbers no column can hold, are refused
// as a 4xx before any service or query sees them.
import type { DomainErrorCode } from '@eluent/contracts';

/** Longer than any name, note or method field; whole files travel as uploads, not JSON strings. */
export const MAX_TEXT_LENGTH = 100_000;

// A UTF-16 surrogate without its partner has no UTF-8 encoding; PostgreSQL text cannot hold NUL either.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const NUL = String.fromCharCode(0);

export type InputProblemCode = Extract<
  DomainErrorCode,
  'input_text_invalid' | 'input_text_too_long' | 'input_number_out_of_range'
>;

export interface InputProblem {
  code: InputProblemCode;
  /** Dotted path of the offending value (`variables.name`, `rows.3.vial`); empty for the whole input. */
  path: string;
}

interface Visit {
  value: unknown;
  parent: Visit | null;
  key: string;
}

function pathOf(visit: Visit): string {
  const keys: string[] = [];
  for (let node: Visit | null = visit; node?.parent; node = node.parent) keys.unshift(node.key.slice(0, 64));
  return keys.join('.');
}

function textProblem(text: string): InputProblemCode | undefined {
  if (text.length > MAX_TEXT_LENGTH) return 'input_text_too_long';
  return text.includes(NUL) || LONE_SURROGATE.test(text) ? 'input_text_invalid' : undefined;
}

function valueProblem(value: unknown): InputProblemCode | undefined {
  if (typeof value === 'string') return textProblem(value);
  // JSON.parse turns 1e400 into Infinity and 2^64 into an integer that is no longer exact.
  if (
    typeof value === 'number' &&
    (!Number.isFinite(value) || (Number.isInteger(value) && !Number.isSafeInteger(value)))
  )
    return 'input_number_out_of_range';
  return undefined;
}

/** The first value of `input` no layer below can take, or undefined when all of it is acceptable. */
export function inputProblem(input: unknown): InputProblem | undefined {
  const stack: Visit[] = [{ value: input, parent: null, key: '' }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const { value } = visit;
    const problem = valueProblem(value);
    if (problem) return { code: problem, path: pathOf(visit) };
    if (typeof value !== 'object' || value === null) continue;
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index++) {
        const item: unknown = value[index];
        // Numbers and text are checked here; only nested values go on the stack (chunks hold 20,000 numbers).
        if (typeof item === 'object' && item !== null)
          stack.push({ value: item, parent: visit, key: String(index) });
        else if (valueProblem(item)) stack.push({ value: item, parent: visit, key: String(index) });
      }
      continue;
    }
    for (const [key, child] of Object.entries(value)) {
      const keyProblem = textProblem(key);
      if (keyProblem) return { code: keyProblem, path: pathOf({ value: child, parent: visit, key }) };
      stack.push({ value: child, parent: visit, key });
    }
  }
  return undefined;
}
