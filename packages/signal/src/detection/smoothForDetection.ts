/**
 * Centred moving average over `width` samples (odd; shrinks at the ends), from a running sum: O(n).
 * Returns a new array.
 */
export function movingAverage(values: ArrayLike<number>, width: number): Float64Array {
  const n = values.length;
  const half = Math.max(0, Math.floor(width / 2));
  const result = new Float64Array(n);
  if (half === 0) {
    for (let i = 0; i < n; i++) result[i] = values[i] as number;
    return result;
  }
  const sums = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) sums[i + 1] = (sums[i] as number) + (values[i] as number);
  const edge = Math.min(half, n);
  // Ends: the window shrinks; the interior runs without bounds checks.
  for (let i = 0; i < edge; i++) {
    const to = Math.min(n - 1, i + half);
    result[i] = (sums[to + 1] as number) / (to + 1);
  }
  const full = 2 * half + 1;
  for (let i = half; i < n - half; i++)
    result[i] = ((sums[i + half + 1] as number) - (sums[i - half] as number)) / full;
  for (let i = Math.max(edge, n - half); i < n; i++) {
    const from = Math.max(0, i - half);
    result[i] = ((sums[n] as number) - (sums[from] as number)) / (n - from);
  }
  return result;
}

/**
 * The detection signal: two passes of a `width`-sample moving average (a triangular kernel), which keeps a
 * peak of a few times that width nearly intact while white noise falls by about √(1.5·width).
 */
export function smoothForDetection(values: ArrayLike<number>, width: number): Float64Array {
  return width > 1 ? movingAverage(movingAverage(values, width), width) : Float64Array.from(values);
}

/** Second difference y[i−1] − 2y[i] + y[i+1] (ends copied from their neighbours), then averaged again. */
export function curvature(smoothed: Float64Array, width: number): Float64Array {
  const n = smoothed.length;
  const second = new Float64Array(n);
  for (let i = 1; i < n - 1; i++) {
    second[i] = (smoothed[i - 1] as number) - 2 * (smoothed[i] as number) + (smoothed[i + 1] as number);
  }
  if (n > 2) {
    second[0] = second[1] as number;
    second[n - 1] = second[n - 2] as number;
  }
  return width > 1 ? movingAverage(second, width) : second;
}
