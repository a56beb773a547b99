import type { ResolvedBound } from './conditionMask.ts';

/** First run length of each side's walk; it doubles every round, so a walk costs at most twice its length. */
const FIRST_RUN = 32;

/**
 * Prominences with early rejection: the two bases are walked alternately in runs of doubling length, and a
 * peak is dropped as soon as one finished side already proves its prominence below the minimum. Survivors
 * get scipy's exact values. Used when a `wlen` window bounds the walks, and for a few peaks on the whole
 * signal (`windowLength` < 2) with a `budget`: null as soon as the walks have taken more than that many
 * steps in all. `rejected[n]` = 1 marks the peaks dropped early.
 */
export function prominencesWithMinimum(
  values: Float64Array,
  peaks: Int32Array,
  windowLength: number,
  minimum: ResolvedBound,
  budget: number = Number.POSITIVE_INFINITY,
) {
  let steps = 0;
  const count = peaks.length;
  const prominences = new Float64Array(count);
  const leftBases = new Int32Array(count);
  const rightBases = new Int32Array(count);
  const rejected = new Uint8Array(count);
  const last = values.length - 1;
  for (let n = 0; n < count; n++) {
    const peak = peaks[n] as number;
    const start = windowLength >= 2 ? Math.max(peak - (windowLength >> 1), 0) : 0;
    const end = windowLength >= 2 ? Math.min(peak + (windowLength >> 1), last) : last;
    const top = values[peak] as number;
    const floor =
      minimum === null
        ? Number.NEGATIVE_INFINITY
        : typeof minimum === 'number'
          ? minimum
          : (minimum[n] as number);
    let left = peak;
    let right = peak;
    let leftMinimum = top;
    let rightMinimum = top;
    let leftBase = peak;
    let rightBase = peak;
    let leftDone = false;
    let rightDone = false;
    let run = FIRST_RUN;
    let dropped = false;
    while (!(leftDone && rightDone)) {
      if (!leftDone) {
        const stop = Math.max(start, left - run + 1);
        let higher = false;
        // Reads stay inside the array (an out-of-range read would slow every later one).
        for (; left >= stop; left--) {
          const value = values[left] as number;
          if (!(value <= top)) {
            higher = true;
            break;
          }
          if (value < leftMinimum) {
            leftMinimum = value;
            leftBase = left;
          }
        }
        if (higher || left < start) {
          leftDone = true;
          if (!(floor <= top - leftMinimum)) {
            dropped = true;
            break;
          }
        }
      }
      if (!rightDone) {
        const stop = Math.min(end, right + run - 1);
        let higher = false;
        for (; right <= stop; right++) {
          const value = values[right] as number;
          if (!(value <= top)) {
            higher = true;
            break;
          }
          if (value < rightMinimum) {
            rightMinimum = value;
            rightBase = right;
          }
        }
        if (higher || right > end) {
          rightDone = true;
          if (!(floor <= top - rightMinimum)) {
            dropped = true;
            break;
          }
        }
      }
      run *= 2;
    }
    steps += right - left;
    if (steps > budget) return null;
    if (dropped) rejected[n] = 1;
    prominences[n] = top - Math.max(leftMinimum, rightMinimum);
    leftBases[n] = leftBase;
    rightBases[n] = rightBase;
  }
  return { prominences, leftBases, rightBases, rejected };
}
