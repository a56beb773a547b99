/**
 * Centred moving average over `width` samples (odd; shrinks at the ends), from a running sum: O(n).
 * Returns a new array.
 */
export function movingAverage(
  values: ArrayLike<number>,
  width: number,
  /** Array of the same length to write into (not `values`); a new one when absent. */
  into?: Float64Array,
): Float64Array {
  const n = values.length;
  const half = Math.max(0, Math.floor(width / 2));
  const result = into ?? new Float64Array(n);
  if (half === 0 || n === 0) {
    for (let i = 0; i < n; i++) result[i] = values[i] as number;
    return result;
  }
  // Running sum over the window [i − half, i + half] clipped to the signal; one pass, no extra array.
  let sum = 0;
  let from = 0;
  let to = -1;
  const width1 = 2 * half + 1;
  // Where the window lies wholly inside the signal it adds one sample and drops one: a tight loop with the
  // same operations in the same order as the clipped ends.
  const steadyFrom = half + 1;
  const steadyTo = n - 1 - half;
  for (let i = 0; i < n; i++) {
    if (i === steadyFrom && i <= steadyTo) {
      for (; i <= steadyTo; i++) {
        sum += values[i + half] as number;
        sum -= values[i - half - 1] as number;
        result[i] = sum / width1;
      }
      to = steadyTo + half;
      from = steadyTo - half;
      if (i >= n) break;
    }
    const wantTo = Math.min(n - 1, i + half);
    while (to < wantTo) sum += values[++to] as number;
    const wantFrom = Math.max(0, i - half);
    while (from < wantFrom) sum -= values[from++] as number;
    result[i] = sum / (to - from + 1);
  }
  return result;
}

/**
 * The detection signal: two passes of a `width`-sample moving average (a triangular kernel), which keeps a
 * peak of a few times that width nearly intact while white noise falls by about √(1.5·width).
 * `scratch` (same length) holds the first pass when given.
 */
export function smoothForDetection(
  values: ArrayLike<number>,
  width: number,
  scratch?: Float64Array,
): Float64Array {
  return width > 1 ? movingAverage(movingAverage(values, width, scratch), width) : Float64Array.from(values);
}

/**
 * Second difference y[i−1] − 2y[i] + y[i+1] (ends copied from their neighbours), then averaged again.
 * `scratch` (same length, overwritten; every entry written) holds the second difference when it is averaged.
 */
export function curvature(smoothed: Float64Array, width: number, scratch?: Float64Array): Float64Array {
  const n = smoothed.length;
  const second = width > 1 && n > 2 && scratch ? scratch : new Float64Array(n);
  for (let i = 1; i < n - 1; i++) {
    second[i] = (smoothed[i - 1] as number) - 2 * (smoothed[i] as number) + (smoothed[i + 1] as number);
  }
  if (n > 2) {
    second[0] = second[1] as number;
    second[n - 1] = second[n - 2] as number;
  }
  return width > 1 ? movingAverage(second, width) : second;
}
