import { applyMaximum, applyMinimum, type ResolvedBound } from './conditionMask.ts';

/**
 * scipy's `threshold` condition: each peak's vertical distance to its left and right neighbours, and the
 * keep mask of the peaks whose smaller distance is at least the minimum and whose larger one is at most the
 * maximum (NaN fails). One pass for a plain minimum; per-peak bounds go through the generic masks.
 */
export function thresholdFilter(
  values: Float64Array,
  peaks: Int32Array,
  min: ResolvedBound,
  max: ResolvedBound,
): { keep: Uint8Array; leftThresholds: Float64Array; rightThresholds: Float64Array } {
  const count = peaks.length;
  const leftThresholds = new Float64Array(count);
  const rightThresholds = new Float64Array(count);
  const keep = new Uint8Array(count);
  const plainMinimum = typeof min === 'number' && max === null;
  for (let n = 0; n < count; n++) {
    const peak = peaks[n] as number;
    const top = values[peak] as number;
    const left = top - (values[peak - 1] as number);
    const right = top - (values[peak + 1] as number);
    leftThresholds[n] = left;
    rightThresholds[n] = right;
    if (plainMinimum) keep[n] = min <= Math.min(left, right) ? 1 : 0;
  }
  if (!plainMinimum) {
    const smaller = new Float64Array(count);
    const larger = new Float64Array(count);
    for (let n = 0; n < count; n++) {
      smaller[n] = Math.min(leftThresholds[n] as number, rightThresholds[n] as number);
      larger[n] = Math.max(leftThresholds[n] as number, rightThresholds[n] as number);
    }
    keep.fill(1);
    applyMinimum(keep, smaller, min);
    applyMaximum(keep, larger, max);
  }
  return { keep, leftThresholds, rightThresholds };
}
