/**
 * Rounding allowed in a share of a sampling step read from times: far above a double's, far below a sample.
 * A count or a tie read in absolute time goes one way in seconds and the other in minutes; read as a share of
 * the step with this much room, it goes the same way in both.
 */
export const STEP_ROUNDING = 1e-9;

/**
 * Index of the first sample with `timeSec[index] >= t` (binary search; `length` when none).
 */
export function firstIndexAtOrAfter(timeSec: ArrayLike<number>, t: number): number {
  let low = 0;
  let high = timeSec.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((timeSec[middle] as number) < t) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Left edge of sample i's rectangle: halfway to the previous sample (half a step before the first). */
export function cellStart(timeSec: ArrayLike<number>, i: number): number {
  const t = timeSec[i] as number;
  if (i > 0) return (t + (timeSec[i - 1] as number)) / 2;
  const next = timeSec[1];
  return next === undefined ? t : t - (next - t) / 2;
}

/** Right edge of sample i's rectangle: halfway to the next sample (half a step after the last). */
export function cellEnd(timeSec: ArrayLike<number>, i: number): number {
  const t = timeSec[i] as number;
  if (i < timeSec.length - 1) return (t + (timeSec[i + 1] as number)) / 2;
  const previous = timeSec[i - 1];
  return previous === undefined ? t : t + (t - previous) / 2;
}
