/** One side of a condition: a number, an array of `values.length` read at each peak, or off. */
export type ConditionBound = number | ArrayLike<number> | null | undefined;

/** A number is a minimum; `{ min, max }` is an inclusive interval, either side optional. */
export type PeakCondition = number | ArrayLike<number> | { min?: ConditionBound; max?: ConditionBound };

/** A bound resolved for the current peaks: off, one number, or one value per peak. */
export type ResolvedBound = null | number | Float64Array;

function resolveBound(bound: ConditionBound, peaks: Int32Array, length: number, name: string): ResolvedBound {
  if (bound === null || bound === undefined) return null;
  if (typeof bound === 'number') return bound;
  if (bound.length !== length) throw new RangeError(`array size of ${name} border must match x`);
  const atPeaks = new Float64Array(peaks.length);
  for (let n = 0; n < peaks.length; n++) atPeaks[n] = bound[peaks[n] as number] as number;
  return atPeaks;
}

/** The minimum and maximum of a condition at each of `peaks` (scipy `_unpack_condition_args`). */
export function resolveCondition(
  condition: PeakCondition,
  peaks: Int32Array,
  length: number,
  name: string,
): { min: ResolvedBound; max: ResolvedBound } {
  if (typeof condition === 'number' || 'length' in condition) {
    return { min: resolveBound(condition, peaks, length, name), max: null };
  }
  return {
    min: resolveBound(condition.min, peaks, length, name),
    max: resolveBound(condition.max, peaks, length, name),
  };
}

/** Clears `keep[n]` where `lower[n]` is below the bound (NaN fails); `lower` is usually the property. */
export function applyMinimum(keep: Uint8Array, lower: Float64Array | Int32Array, bound: ResolvedBound): void {
  if (bound === null) return;
  if (typeof bound === 'number') {
    for (let n = 0; n < keep.length; n++) if (!(bound <= (lower[n] as number))) keep[n] = 0;
  } else {
    for (let n = 0; n < keep.length; n++) if (!((bound[n] as number) <= (lower[n] as number))) keep[n] = 0;
  }
}

/** Clears `keep[n]` where `upper[n]` is above the bound (NaN fails). */
export function applyMaximum(keep: Uint8Array, upper: Float64Array | Int32Array, bound: ResolvedBound): void {
  if (bound === null) return;
  if (typeof bound === 'number') {
    for (let n = 0; n < keep.length; n++) if (!((upper[n] as number) <= bound)) keep[n] = 0;
  } else {
    for (let n = 0; n < keep.length; n++) if (!((upper[n] as number) <= (bound[n] as number))) keep[n] = 0;
  }
}

/** Keep mask of the peaks whose property lies inside the condition (inclusive). */
export function conditionMask(
  condition: PeakCondition,
  property: Float64Array | Int32Array,
  peaks: Int32Array,
  length: number,
  name: string,
): Uint8Array {
  const { min, max } = resolveCondition(condition, peaks, length, name);
  const keep = new Uint8Array(property.length).fill(1);
  applyMinimum(keep, property, min);
  applyMaximum(keep, property, max);
  return keep;
}
