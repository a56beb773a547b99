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
 * The factor by which the detection kernel (two passes of an m-sample mean) lowers white noise's SD:
 * √((2m² + 1) / 3m³), the root of the sum of the triangular kernel's squared weights.
 */
export function whiteNoiseGain(m: number): number {
  return Math.sqrt((2 * m * m + 1) / (3 * m * m * m));
}

/**
 * Second difference y[i−1] − 2y[i] + y[i+1] (ends copied from their neighbours), then averaged again.
 * With `width` > 1 the difference is formed inside the running sum (each value computed where it enters
 * the window and kept in a ring of the window's length until it leaves, the same doubles as a stored
 * difference), so no array of the difference is written and read back. `scratch` is used only without averaging (width 1).
 */
export function curvature(smoothed: Float64Array, width: number, scratch?: Float64Array): Float64Array {
  const n = smoothed.length;
  if (width > 1 && n > 2) return averagedSecondDifference(smoothed, width);
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

/** The second difference at `k` (n > 2), ends copied from their neighbours. */
function secondAt(y: Float64Array, k: number): number {
  const at = k === 0 ? 1 : k === y.length - 1 ? y.length - 2 : k;
  return (y[at - 1] as number) - 2 * (y[at] as number) + (y[at + 1] as number);
}

/**
 * `movingAverage(secondDifference(y), width)` with the same additions in the same order: the steady part
 * stops one sample short of each end so it never reads an end's copied value; the clipped part handles those.
 */
function averagedSecondDifference(y: Float64Array, width: number): Float64Array {
  const n = y.length;
  const half = Math.max(0, Math.floor(width / 2));
  const result = new Float64Array(n);
  let sum = 0;
  let from = 0;
  let to = -1;
  const width1 = 2 * half + 1;
  const steadyFrom = half + 2;
  const steadyTo = n - 2 - half;
  // The differences in the window, each at slot (index mod width1): the one leaving at step i sits in the
  // slot the entering one takes, so each difference is computed once (the same double as computed again).
  const ring = new Float64Array(width1);
  for (let i = 0; i < n; i++) {
    if (i === steadyFrom && i <= steadyTo) {
      for (let k = i - half - 1; k < i + half; k++) {
        ring[k % width1] = (y[k - 1] as number) - 2 * (y[k] as number) + (y[k + 1] as number);
      }
      let slot = (i + half) % width1;
      // The three samples around the entering index, carried from step to step.
      let before = y[i + half - 1] as number;
      let at = y[i + half] as number;
      for (; i <= steadyTo; i++) {
        const after = y[i + half + 1] as number;
        const entering = before - 2 * at + after;
        const leaving = ring[slot] as number;
        ring[slot] = entering;
        sum += entering;
        sum -= leaving;
        result[i] = sum / width1;
        before = at;
        at = after;
        if (++slot === width1) slot = 0;
      }
      to = steadyTo + half;
      from = steadyTo - half;
      if (i >= n) break;
    }
    const wantTo = Math.min(n - 1, i + half);
    while (to < wantTo) sum += secondAt(y, ++to);
    const wantFrom = Math.max(0, i - half);
    while (from < wantFrom) sum -= secondAt(y, from++);
    result[i] = sum / (to - from + 1);
  }
  return result;
}
