import { firstIndexAtOrAfter } from '../integration/sampleCells.ts';
import { regressionLine } from './regressionLine.ts';

/** Noise figures of one window (signal units; drift in signal units per second). */
export interface NoiseFigures {
  /** Peak-to-peak range of the drift-corrected signal (the pharmacopoeial h). */
  peakToPeak: number;
  /** 6 × standard deviation of residuals about the regression line. */
  sixSd: number;
  /** Standard deviation of residuals about the regression line. */
  rms: number;
  /** Slope of the regression line. */
  driftPerSec: number;
  startSec: number;
  endSec: number;
}

/**
 * Noise in [startSec, endSec] after removing the least-squares line (OpenLab CDS definitions).
 * Returns null when the window holds fewer than 3 samples.
 */
export function measureNoise(
  timeSec: ArrayLike<number>,
  values: ArrayLike<number>,
  startSec: number,
  endSec: number,
): NoiseFigures | null {
  const { from, to } = noiseWindowIndices(timeSec, startSec, endSec);
  const count = to - from + 1;
  if (count < 3) return null;
  const { meanT, meanY, slope } = regressionLine(timeSec, values, from, to);
  let minimum = Number.POSITIVE_INFINITY;
  let maximum = Number.NEGATIVE_INFINITY;
  let squares = 0;
  for (let i = from; i <= to; i++) {
    const residual = (values[i] as number) - meanY - slope * ((timeSec[i] as number) - meanT);
    if (residual < minimum) minimum = residual;
    if (residual > maximum) maximum = residual;
    squares += residual * residual;
  }
  const sd = Math.sqrt(squares / Math.max(1, count - 2));
  return { peakToPeak: maximum - minimum, sixSd: 6 * sd, rms: sd, driftPerSec: slope, startSec, endSec };
}

/** Sample range (inclusive) of a noise window [startSec, endSec]. */
export function noiseWindowIndices(timeSec: ArrayLike<number>, startSec: number, endSec: number) {
  // A sample a rounding error past either end still belongs: a millionth of the mean step, on any time scale
  // (a window's start computed in minutes fell a rounding error after the sample it starts on, in seconds
  // before it, and the two runs read different noise).
  const count = timeSec.length;
  const meanStep = count > 1 ? ((timeSec[count - 1] as number) - (timeSec[0] as number)) / (count - 1) : 0;
  return {
    from: firstIndexAtOrAfter(timeSec, startSec - 1e-6 * meanStep),
    to: firstIndexAtOrAfter(timeSec, endSec + 1e-6 * meanStep) - 1,
  };
}
