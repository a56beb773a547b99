/** A peak found by the slope detector: sample indices of start, apex and stop. */
export interface SlopePeak {
  startIndex: number;
  apexIndex: number;
  stopIndex: number;
}

export interface FirstDerivativeOptions {
  /** Moving-average window of the slopes in samples. @default 5 */
  slopeWindow?: number;
  /** Slope threshold relative to the largest absolute slope. @default 0.005 */
  relativeThreshold?: number;
  /** Peaks shorter than this many samples are dropped. @default 5 */
  minSamples?: number;
}

/**
 * `first_derivative` detection after ChemClipse's first-derivative detector: smoothed slopes; a peak starts
 * where three consecutive slopes exceed the threshold and increase, its apex is the first negative slope,
 * and it stops where the slope climbs back above −threshold (or turns positive at a valley).
 */
export function detectFirstDerivative(
  timeSec: ArrayLike<number>,
  values: ArrayLike<number>,
  options: FirstDerivativeOptions = {},
): SlopePeak[] {
  const n = values.length;
  const window = Math.max(1, options.slopeWindow ?? 5);
  const raw = new Float64Array(n);
  for (let i = 1; i < n; i++) {
    raw[i] =
      ((values[i] as number) - (values[i - 1] as number)) /
      ((timeSec[i] as number) - (timeSec[i - 1] as number));
  }
  const slopes = new Float64Array(n);
  let largest = 0;
  for (let i = 1; i < n; i++) {
    const from = Math.max(1, i - (window >> 1));
    const to = Math.min(n - 1, i + (window >> 1));
    let sum = 0;
    for (let k = from; k <= to; k++) sum += raw[k] as number;
    slopes[i] = sum / (to - from + 1);
    largest = Math.max(largest, Math.abs(slopes[i] as number));
  }
  const threshold = largest * (options.relativeThreshold ?? 0.005);
  const minSamples = options.minSamples ?? 5;
  const peaks: SlopePeak[] = [];
  let i = 3;
  while (i < n) {
    const s0 = slopes[i - 2] as number;
    const s1 = slopes[i - 1] as number;
    const s2 = slopes[i] as number;
    if (!(s0 > threshold && s1 > threshold && s2 > threshold && s0 < s1 && s1 < s2)) {
      i++;
      continue;
    }
    const startIndex = i - 3;
    let apex = i;
    while (apex < n && (slopes[apex] as number) >= 0) apex++;
    let stop = apex;
    // Past the apex the slope first has to become clearly negative, then the peak ends where it flattens.
    while (stop < n - 1 && (slopes[stop] as number) >= -threshold) stop++;
    while (stop < n - 1 && (slopes[stop] as number) < -threshold) stop++;
    stop = Math.min(stop, n - 1);
    let top = startIndex;
    for (let k = startIndex; k <= stop; k++) if ((values[k] as number) > (values[top] as number)) top = k;
    if (stop - startIndex >= minSamples && top > 0 && top < n - 1)
      peaks.push({ startIndex, apexIndex: top, stopIndex: stop });
    i = Math.max(stop, i) + 1;
  }
  return peaks;
}
