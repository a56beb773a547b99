import { asFloat64Array } from '../statistics/asFloat64Array.ts';
import { stableAscendingOrder } from '../statistics/stableAscendingOrder.ts';

/**
 * Keeps the highest peaks so that no two kept peaks are closer than `distance` samples
 * (scipy `_select_by_peak_distance`). Returns a keep mask aligned with `peaks` (ascending indices).
 * Ties in height are broken stably: the rightmost of equal peaks is visited first.
 */
export function selectByPeakDistance(
  peaks: ArrayLike<number>,
  priority: ArrayLike<number>,
  distance: number,
): Uint8Array {
  const size = peaks.length;
  const minimumGap = Math.ceil(distance);
  const keep = new Uint8Array(size).fill(1);
  // Sorted once; equal priorities stay in index order, so walking from the end visits the rightmost first.
  const order = stableAscendingOrder(asFloat64Array(priority));
  for (let position = size - 1; position >= 0; position--) {
    const j = order[position] as number;
    if (keep[j] === 0) continue;
    const peak = peaks[j] as number;
    for (let k = j - 1; k >= 0 && peak - (peaks[k] as number) < minimumGap; k--) keep[k] = 0;
    for (let k = j + 1; k < size && (peaks[k] as number) - peak < minimumGap; k++) keep[k] = 0;
  }
  return keep;
}
