import { robustNoiseSd } from '../noise/robustNoise.ts';
import { kthSmallestInPlace } from '../statistics/kthSmallest.ts';
import { extendSlopeLimits } from './extendSlopeLimits.ts';
/** A peak found by the slope detector: sample indices of start, apex and stop. */
export interface SlopePeak {
  startIndex: number;
  apexIndex: number;
  stopIndex: number;
}

export interface FirstDerivativeOptions {
  /** Moving-average window of the slopes in samples. @default 5 */
  slopeWindow?: number;
  /** Slope threshold relative to the largest absolute slope (the threshold is the larger of both). @default 0.001 */
  relativeThreshold?: number;
  /** Slope threshold in robust standard deviations of the smoothed slope. @default 3 */
  noiseThreshold?: number;
  /**
   * Limits are then extended while the signal keeps falling by more than 2 robust noise SDs plus this
   * fraction of the slope threshold per second; 0 turns the extension off. @default 0.1
   */
  extensionSlopeFraction?: number;
  /** Peaks shorter than this many samples are dropped. @default 5 */
  minSamples?: number;
}

/**
 * `first_derivative` detection after ChemClipse's first-derivative detector: smoothed slopes; a peak starts
 * where three consecutive slopes exceed the threshold and increase, its apex is the first negative slope,
 * and it stops where the slope climbs back above −threshold (or turns positive at a valley). The
 * threshold follows the slope noise, so broad low peaks count; start and stop are then extended along
 * the peak's tails (`extendSlopeLimits`), where the 5-sample slope is already too small to see them.
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
  const absoluteSlopes = new Float64Array(Math.max(1, n - 1));
  for (let i = 1; i < n; i++) absoluteSlopes[i - 1] = Math.abs(slopes[i] as number);
  const slopeNoise = kthSmallestInPlace(absoluteSlopes, absoluteSlopes.length >> 1) / 0.6745;
  const threshold = Math.max(
    largest * (options.relativeThreshold ?? 0.001),
    (options.noiseThreshold ?? 3) * (Number.isFinite(slopeNoise) ? slopeNoise : 0),
  );
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
  const fraction = options.extensionSlopeFraction ?? 0.1;
  if (!(fraction > 0) || peaks.length === 0) return peaks;
  const stepSec = ((timeSec[n - 1] as number) - (timeSec[0] as number)) / (n - 1);
  return extendSlopeLimits(values, peaks, {
    noiseTolerance: 2 * robustNoiseSd(values),
    driftPerSample: fraction * threshold * stepSec,
  });
}
