import type { ResolvedBound } from './conditionMask.ts';

/**
 * Prominences with early rejection: both bases are walked in step, and a peak is dropped as soon as one
 * finished side already proves its prominence below the minimum. Survivors get scipy's exact values.
 * Used when a `wlen` window bounds the walks; `rejected[n]` = 1 marks the peaks dropped early.
 */
export function prominencesWithMinimum(
  values: Float64Array,
  peaks: Int32Array,
  windowLength: number,
  minimum: ResolvedBound,
) {
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
    while (!(leftDone && rightDone)) {
      if (!leftDone) {
        const value = values[left] as number;
        if (left >= start && value <= top) {
          if (value < leftMinimum) {
            leftMinimum = value;
            leftBase = left;
          }
          left--;
        } else {
          leftDone = true;
          if (!(floor <= top - leftMinimum)) break;
        }
      }
      if (!rightDone) {
        const value = values[right] as number;
        if (right <= end && value <= top) {
          if (value < rightMinimum) {
            rightMinimum = value;
            rightBase = right;
          }
          right++;
        } else {
          rightDone = true;
          if (!(floor <= top - rightMinimum)) break;
        }
      }
    }
    if (!(leftDone && rightDone)) rejected[n] = 1;
    prominences[n] = top - Math.max(leftMinimum, rightMinimum);
    leftBases[n] = leftBase;
    rightBases[n] = rightBase;
  }
  return { prominences, leftBases, rightBases, rejected };
}
