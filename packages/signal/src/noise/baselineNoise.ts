/** Noise of the baseline between the peaks, in signal units. */
export interface BaselineNoise {
  /** Standard deviation of the residuals about a straight line, in the quiet windows. */
  sd: number;
  /** Peak-to-peak range of the same residuals (the pharmacopoeial h). */
  peakToPeak: number;
  /** Window length in samples. */
  windowSamples: number;
  /** Baseline drift: the quiet-quantile absolute slope of the windows' lines, per sample. */
  driftPerSample: number;
}

/** Share of windows counted as quiet: peaks may fill most of a run, baseline still shows in a quarter. */
const QUIET_QUANTILE = 0.25;

/**
 * Baseline noise measured the way ASTM E685 and the pharmacopoeias do (peak-to-peak of the drift-corrected
 * signal in windows), made robust to peaks: the signal is cut into windows of `windowSamples`, a straight
 * line is removed from each, and the lower quartile over the windows of the residual SD and range is taken
 * (windows over peaks have larger residuals and fall above it). Quantised data with flat windows fall back
 * to the smallest step between samples. O(n).
 * @example baselineNoise(values, 5 * widthSamples).peakToPeak
 */
export function baselineNoise(values: ArrayLike<number>, windowSamples: number): BaselineNoise {
  const n = values.length;
  const length = Math.max(4, Math.min(Math.round(windowSamples), Math.floor(n / 4)));
  const count = Math.floor(n / length);
  if (count < 1 || length < 4) return { sd: 0, peakToPeak: 0, windowSamples: length, driftPerSample: 0 };
  const sds = new Float64Array(count);
  const ranges = new Float64Array(count);
  const slopes = new Float64Array(count);
  // x = 0 … length−1 in every window: the centred sums are the same for all of them.
  const meanX = (length - 1) / 2;
  let sxx = 0;
  for (let i = 0; i < length; i++) sxx += (i - meanX) ** 2;
  for (let w = 0; w < count; w++) {
    const from = w * length;
    // One pass for the line (centred x), one for the residuals.
    let sum = 0;
    let sxy = 0;
    for (let i = 0; i < length; i++) {
      const y = values[from + i] as number;
      sum += y;
      sxy += (i - meanX) * y;
    }
    const mean = sum / length;
    const slope = sxy / sxx;
    slopes[w] = Math.abs(slope);
    let squares = 0;
    let low = Infinity;
    let high = -Infinity;
    // Math.min/max are branch-free (comparisons cost twice as much here). They differ from comparisons
    // only on NaN, which they return (then the window is measured again by comparison, which skips it),
    // and in the sign of a zero extreme, which leaves high − low unchanged.
    for (let i = 0; i < length; i++) {
      const residual = (values[from + i] as number) - mean - slope * (i - meanX);
      squares += residual * residual;
      low = Math.min(low, residual);
      high = Math.max(high, residual);
    }
    sds[w] = Math.sqrt(squares / Math.max(1, length - 2));
    ranges[w] =
      low === low && high === high ? high - low : rangeSkippingNaN(values, from, length, mean, slope);
  }
  sds.sort();
  ranges.sort();
  slopes.sort();
  const at = Math.floor(QUIET_QUANTILE * (count - 1));
  let sd = sds[at] as number;
  let peakToPeak = ranges[at] as number;
  if (!(peakToPeak > 0)) {
    const step = smallestStep(values);
    peakToPeak = step;
    sd = step / Math.sqrt(12);
  }
  return { sd, peakToPeak, windowSamples: length, driftPerSample: slopes[at] as number };
}

/** The residuals' range by comparison, NaN residuals skipped (the window's range when one is NaN). */
function rangeSkippingNaN(
  values: ArrayLike<number>,
  from: number,
  length: number,
  mean: number,
  slope: number,
): number {
  const meanX = (length - 1) / 2;
  let low = Infinity;
  let high = -Infinity;
  for (let i = 0; i < length; i++) {
    const residual = (values[from + i] as number) - mean - slope * (i - meanX);
    if (residual < low) low = residual;
    if (residual > high) high = residual;
  }
  return high - low;
}

/** Smallest non-zero difference between neighbouring samples (the quantisation step of integer data). */
function smallestStep(values: ArrayLike<number>): number {
  let step = Infinity;
  for (let i = 1; i < values.length; i++) {
    const difference = Math.abs((values[i] as number) - (values[i - 1] as number));
    if (difference > 0 && difference < step) step = difference;
  }
  return Number.isFinite(step) ? step : 0;
}
