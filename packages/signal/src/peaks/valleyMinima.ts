/** Lowest sample of each gap around the local maxima: gap g lies between maxima g−1 and g. */
export interface ValleyMinima {
  /** Lowest value per gap (maxima.length + 1 gaps: before the first, between each pair, after the last). */
  values: Float64Array;
  /** Index of the leftmost and of the rightmost sample holding that value. */
  leftmost: Int32Array;
  rightmost: Int32Array;
}

/**
 * The lowest sample in each gap between consecutive local maxima (and before the first, after the last),
 * in one pass. Returns null when the signal holds NaN (comparisons then no longer order the samples).
 */
export function valleyMinima(values: Float64Array, maxima: Int32Array): ValleyMinima | null {
  const gaps = maxima.length + 1;
  const lows = new Float64Array(gaps);
  const leftmost = new Int32Array(gaps);
  const rightmost = new Int32Array(gaps);
  let from = 0;
  for (let gap = 0; gap < gaps; gap++) {
    const to = gap < maxima.length ? (maxima[gap] as number) : values.length;
    let low = Number.POSITIVE_INFINITY;
    let first = -1;
    let last = -1;
    for (let i = from; i < to; i++) {
      const value = values[i] as number;
      if (value < low) {
        low = value;
        first = i;
        last = i;
      } else if (value === low) last = i;
      else if (value !== value) return null;
    }
    if (first < 0) return null;
    lows[gap] = low;
    leftmost[gap] = first;
    rightmost[gap] = last;
    from = to + 1;
  }
  return { values: lows, leftmost, rightmost };
}
