/**
 * Keeps the highest peaks so that no two kept peaks are closer than `distance` samples
 * (scipy `_select_by_peak_distance`). Returns a keep mask aligned with `peaks`.
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
  const order = Array.from({ length: size }, (_, index) => index);
  // Array.prototype.sort is stable, so equal priorities keep index order and the rightmost is visited first.
  order.sort((a, b) => (priority[a] as number) - (priority[b] as number));
  for (let position = size - 1; position >= 0; position--) {
    const j = order[position] as number;
    if (keep[j] === 0) continue;
    const peak = peaks[j] as number;
    for (let k = j - 1; k >= 0 && peak - (peaks[k] as number) < minimumGap; k--) keep[k] = 0;
    for (let k = j + 1; k < size && (peaks[k] as number) - peak < minimumGap; k++) keep[k] = 0;
  }
  return keep;
}
