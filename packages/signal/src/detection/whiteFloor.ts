import { whiteNoiseFloor } from '../noise/differenceNoise.ts';
import type { SignalScale } from './detectionSettings.ts';
import { APART_SD_RATIO, gapWindowCount, MIN_GAP_WINDOWS, type PeakSpan } from './gapNoise.ts';

/**
 * The scale with the detection noise read from the white part of the raw noise (`whiteNoiseFloor`): the
 * detection signal's SD is the raw SD under the detection kernel (two m-sample means: √((2m² + 1) / 3m³)),
 * the ranges by the scale's range-to-SD ratios; the noise is then no longer the gaps' (`noiseFromGaps`).
 * Null unless the scale's raw SD (the first estimate, or what the gap passes read) is at least
 * `APART_SD_RATIO` (10) times the floor — were the noise white, both would read it, and two readings of one
 * noise differ by that much with probability 1/101 (F(2, 2)), so the scale read another signal; a wandering or
 * pulsing baseline reads 2–5 × its white part and keeps its reading — or when the floor cannot be read (a
 * flat or quantised signal).
 */
export function whiteFloorScale(values: Float64Array, scale: SignalScale): SignalScale | null {
  const m = scale.smoothingSamples;
  const rawSd = whiteNoiseFloor(values);
  if (!(rawSd > 0) || !(scale.rawNoise.sd > 0) || !(scale.smoothedSd > 0)) return null;
  if (!(scale.rawNoise.sd >= APART_SD_RATIO * rawSd)) return null;
  const smoothedSd = rawSd * Math.sqrt((2 * m * m + 1) / (3 * m * m * m));
  if (!(smoothedSd < scale.smoothedSd)) return null;
  return {
    ...scale,
    smoothedSd,
    smoothedPeakToPeak: smoothedSd * (scale.smoothedPeakToPeak / scale.smoothedSd),
    rawNoise: { sd: rawSd, peakToPeak: rawSd * (scale.rawNoise.peakToPeak / scale.rawNoise.sd) },
    noiseFromGaps: false,
    noiseFromDifferences: true,
  };
}

/**
 * Whether the peaks' spans of a detection pass leave gap windows to read a noise in (at least
 * `MIN_GAP_WINDOWS`, cut as the gap pass cuts them). A run with no baseline left is one whose last pass left
 * gaps and whose pass at the white-noise floor leaves none: every gap the noise read so far left held a peak.
 * A run whose last pass left no gap (one broad hump over it: a gradient trace) is not one: nothing says its
 * gaps held peaks.
 */
export function leavesGaps(n: number, pass: { scale: SignalScale; spans: readonly PeakSpan[] }): boolean {
  return gapWindowCount(n, pass.scale, pass.spans) >= MIN_GAP_WINDOWS;
}
