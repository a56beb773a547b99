/**
 * Index of the first lowest `sign × values[i]` over [from, to] (from ≤ to), as a scan from `from` keeping
 * the first strictly lower sample finds it. The lowest value comes from Math.min (branch-free, about half
 * the cost of comparing and jumping per sample), then the first sample equal to it; a NaN, which Math.min
 * returns, falls back to that scan (it skips NaN after the first sample, and stays at a NaN first sample).
 */
export function firstLowest(values: Float64Array, sign: 1 | -1, from: number, to: number): number {
  let lowest = Number.POSITIVE_INFINITY;
  for (let i = from; i <= to; i++) lowest = Math.min(lowest, sign * values[i]!);
  if (lowest === lowest) {
    // −0 and +0 compare equal, as the scan's strict comparison treats them: the first of either is found.
    for (let i = from; i <= to; i++) if (sign * values[i]! === lowest) return i;
  }
  let index = from;
  for (let i = from + 1; i <= to; i++) if (sign * values[i]! < sign * values[index]!) index = i;
  return index;
}
