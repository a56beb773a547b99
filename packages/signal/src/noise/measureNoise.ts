import { firstIndexAtOrAfter } from '../integration/sampleCells.ts';

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
  const from = firstIndexAtOrAfter(timeSec, startSec);
  const to = firstIndexAtOrAfter(timeSec, endSec + 1e-12) - 1;
  const count = to - from + 1;
  if (count < 3) return null;
  let meanT = 0;
  let meanY = 0;
  for (let i = from; i <= to; i++) {
    meanT += timeSec[i] as number;
    meanY += values[i] as number;
  }
  meanT /= count;
  meanY /= count;
  let sxy = 0;
  let sxx = 0;
  for (let i = from; i <= to; i++) {
    const dt = (timeSec[i] as number) - meanT;
    sxy += dt * ((values[i] as number) - meanY);
    sxx += dt * dt;
  }
  const slope = sxx > 0 ? sxy / sxx : 0;
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
