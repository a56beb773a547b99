import { applyMaximum, applyMinimum, type ResolvedBound } from './conditionMask.ts';

/** Each peak's vertical distance to its left and to its right neighbouring sample (scipy's thresholds). */
export function peakThresholds(
  values: Float64Array,
  peaks: Int32Array,
): { leftThresholds: Float64Array; rightThresholds: Float64Array } {
  const count = peaks.length;
  const leftThresholds = new Float64Array(count);
  const rightThresholds = new Float64Array(count);
  fillThresholds(values, peaks, leftThresholds, rightThresholds, count);
  return { leftThresholds, rightThresholds };
}

/** The loop of `peakThresholds` on its own (no code after it: see the note in findPeaks.ts). */
function fillThresholds(
  values: Float64Array,
  peaks: Int32Array,
  leftThresholds: Float64Array,
  rightThresholds: Float64Array,
  count: number,
) {
  for (let n = 0; n < count; n++) {
    const peak = peaks[n] as number;
    const top = values[peak] as number;
    leftThresholds[n] = top - (values[peak - 1] as number);
    rightThresholds[n] = top - (values[peak + 1] as number);
  }
}

/**
 * scipy's `threshold` condition: each peak's vertical distance to its left and right neighbours, and the
 * keep mask of the peaks whose smaller distance is at least the minimum and whose larger one is at most the
 * maximum (NaN fails). A plain minimum is usually applied in the maxima scan instead (`localMaximaIndices`);
 * here it takes one pass, and per-peak bounds go through the generic masks.
 */
export function thresholdFilter(
  values: Float64Array,
  peaks: Int32Array,
  min: ResolvedBound,
  max: ResolvedBound,
): { keep: Uint8Array; leftThresholds: Float64Array; rightThresholds: Float64Array } {
  const count = peaks.length;
  const { leftThresholds, rightThresholds } = peakThresholds(values, peaks);
  const keep = new Uint8Array(count);
  if (typeof min === 'number' && max === null) {
    for (let n = 0; n < count; n++) {
      keep[n] = min <= Math.min(leftThresholds[n] as number, rightThresholds[n] as number) ? 1 : 0;
    }
    return { keep, leftThresholds, rightThresholds };
  }
  const smaller = new Float64Array(count);
  const larger = new Float64Array(count);
  for (let n = 0; n < count; n++) {
    smaller[n] = Math.min(leftThresholds[n] as number, rightThresholds[n] as number);
    larger[n] = Math.max(leftThresholds[n] as number, rightThresholds[n] as number);
  }
  keep.fill(1);
  applyMinimum(keep, smaller, min);
  applyMaximum(keep, larger, max);
  return { keep, leftThresholds, rightThresholds };
}
