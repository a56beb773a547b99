// Statements shared by requests whose variables differ only in values. The variables as sent are reduced to
// a shape: strings that are not name-like (enum values stay) and non-zero 32-bit integers become slots; the
// rest (structure, keys, booleans, nulls, zero, enum-like strings, other numbers) is kept. Requests of one
// shape validate alike and compile to the same SQL text (the compiler decides on structure, enum values,
// booleans and the sign of numbers only), with slot values as parameters. Which parameter comes from which
// slot is learnt by compiling the shape with sentinel values twice (two sentinel sets) and is trusted only
// when both agree and reproduce the real request's parameters exactly.
import { isDeepStrictEqual } from 'node:util';

const NAME_LIKE = /^[_A-Za-z][_0-9A-Za-z]*$/;
const INT_MAX = 2_147_483_647;
const MARK = '\u0001';
const SENTINEL_BASES = [1_900_000_000, 1_700_000_000] as const;
const MAX_SLOTS = 10_000;

export interface Slotted {
  /** The shape as JSON text (slots as tags). */
  key: string;
  /** Slot values in walk order. */
  leaves: Array<string | number>;
}

type Source = { slot: number } | { value: unknown } | { list: Source[] };

export interface ShapePlan {
  text: string;
  sources: Source[];
}

function isSlotNumber(value: number): boolean {
  return Number.isInteger(value) && value !== 0 && Math.abs(value) <= INT_MAX;
}

function walk(value: unknown, leaves: Array<string | number>, sentinel?: number): unknown {
  if (typeof value === 'string') {
    if (NAME_LIKE.test(value)) return value;
    leaves.push(value);
    return sentinel === undefined ? `${MARK}s` : `${MARK}${leaves.length - 1}${MARK}`;
  }
  if (typeof value === 'number') {
    if (!isSlotNumber(value)) return value;
    leaves.push(value);
    const sign = value > 0 ? 1 : -1;
    return sentinel === undefined ? `${MARK}${sign > 0 ? 'p' : 'm'}` : sign * (sentinel + leaves.length - 1);
  }
  if (Array.isArray(value)) return value.map((item) => walk(item, leaves, sentinel));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = walk(item, leaves, sentinel);
    return out;
  }
  return value;
}

/** The shape of the variables and their slot values; undefined when there are too many slots. */
export function slotVariables(variables: Record<string, unknown>): Slotted | undefined {
  const leaves: Array<string | number> = [];
  const shape = walk(variables, leaves);
  return leaves.length > MAX_SLOTS ? undefined : { key: JSON.stringify(shape), leaves };
}

/** The variables with every slot replaced by a sentinel of the same kind (one per sentinel set). */
export function sentinelVariables(variables: Record<string, unknown>): Array<Record<string, unknown>> {
  return SENTINEL_BASES.map((base) => walk(variables, [], base) as Record<string, unknown>);
}

/**
 * Sentinels for `count` integer slots that follow the variables' `offset` slots (the viewer's ids), one list
 * per sentinel set, in the order of sentinelVariables.
 */
export function sentinelSlots(offset: number, count: number): number[][] {
  return SENTINEL_BASES.map((base) => Array.from({ length: count }, (_, index) => base + offset + index));
}

function sourceOf(parameter: unknown, base: number, slots: number): Source | undefined {
  if (typeof parameter === 'string') {
    const inner = parameter.slice(1, -1);
    if (
      parameter.length > 2 &&
      parameter.startsWith(MARK) &&
      parameter.endsWith(MARK) &&
      /^\d+$/.test(inner)
    ) {
      return { slot: Number(inner) };
    }
    return parameter.includes(MARK) ? undefined : { value: parameter };
  }
  if (typeof parameter === 'number') {
    const index = Math.abs(parameter) - base;
    return Number.isInteger(index) && index >= 0 && index < slots ? { slot: index } : { value: parameter };
  }
  if (Array.isArray(parameter)) {
    const list: Source[] = [];
    for (const item of parameter) {
      const source = sourceOf(item, base, slots);
      if (!source) return undefined;
      list.push(source);
    }
    return { list };
  }
  const text = JSON.stringify(parameter);
  return text === undefined || text.includes('\\u0001') ? undefined : { value: parameter };
}

/** Parameters of the shape for the given slot values. */
export function fillParameters(sources: Source[], leaves: Array<string | number>): unknown[] {
  const fill = (source: Source): unknown =>
    'slot' in source ? leaves[source.slot] : 'list' in source ? source.list.map(fill) : source.value;
  return sources.map(fill);
}

/**
 * The shared plan, from the real compilation and the two sentinel compilations (same order as
 * sentinelVariables); undefined when the parameters cannot be traced to slots unambiguously.
 */
export function learnShape(
  real: { text: string; parameters: readonly unknown[] },
  sentinels: Array<{ text: string; parameters: readonly unknown[] }>,
  leaves: Array<string | number>,
): ShapePlan | undefined {
  let sources: Source[] | undefined;
  for (const [index, compiled] of sentinels.entries()) {
    if (compiled.text !== real.text || compiled.parameters.length !== real.parameters.length)
      return undefined;
    const traced: Source[] = [];
    for (const parameter of compiled.parameters) {
      const source = sourceOf(parameter, SENTINEL_BASES[index]!, leaves.length);
      if (!source) return undefined;
      traced.push(source);
    }
    if (sources && !isDeepStrictEqual(sources, traced)) return undefined;
    sources = traced;
  }
  if (!sources || !isDeepStrictEqual(fillParameters(sources, leaves), [...real.parameters])) return undefined;
  return { text: real.text, sources };
}
