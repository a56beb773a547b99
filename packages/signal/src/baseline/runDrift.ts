import { QUANTITATION_PROMINENCE_FACTOR } from '../detection/detectAutomatic.ts';
import { measureSignalScale } from '../detection/detectionSettings.ts';
import { regressionLine } from '../noise/regressionLine.ts';
import { median } from '../statistics/median.ts';

/** First windows for the drift, before any width is known (as the first noise estimate's). */
const FIRST_WINDOW = 32;
const MIN_FIRST_WINDOW = 8;
const FIRST_WINDOWS = 32;
/** Share of windows taken as baseline: the quietest quarter (as the noise's quiet quantile). */
const QUIET_SHARE = 0.25;

/**
 * The run's linear drift (signal units per second) from its baseline-only windows: the signal is cut into
 * windows of `windowSamples`, a straight line is fitted to each against time, the quietest quarter (least
 * residual: baseline, not a peak) is kept, and the drift is the median of the slopes between each of
 * those windows' means and the next one's (a baseline step, or a window on a tail, moves one or two of them;
 * the slopes between every two windows read a step as a drift: one more extra on the corpus's step runs).
 *
 * Residuals about a line do not change when a linear drift is added, so the same windows are chosen and
 * each window's mean moves by the drift at its centre: `runDriftPerSec(x + d·t) = runDriftPerSec(x) + d`.
 */
export function runDriftPerSec(timeSec: Float64Array, values: Float64Array, windowSamples: number): number {
  return quietWindowDrift(timeSec, values, windowSamples).driftPerSec;
}

/**
 * `runDriftPerSec` with the noise of the windows it is read on: the median residual SD (about each window's
 * own line) of the quietest quarter, which a linear drift does not move either.
 */
export function quietWindowDrift(
  timeSec: Float64Array,
  values: Float64Array,
  windowSamples: number,
): { driftPerSec: number; quietSd: number } {
  const length = Math.max(3, Math.round(windowSamples));
  const count = Math.floor(values.length / length);
  if (count < 2) return { driftPerSec: 0, quietSd: NaN };
  const residuals = new Float64Array(count);
  const centres = new Float64Array(count);
  const levels = new Float64Array(count);
  for (let w = 0; w < count; w++) {
    const fit = lineFit(timeSec, values, w * length, length);
    residuals[w] = fit.squares;
    centres[w] = fit.meanT;
    levels[w] = fit.meanY;
  }
  const order = Array.from(residuals.keys()).sort((a, b) => residuals[a]! - residuals[b]! || a - b);
  const quiet = order.slice(0, Math.max(2, Math.ceil(QUIET_SHARE * count)));
  // In time order, each quiet window with the next: a baseline step lies between one pair only.
  quiet.sort((a, b) => a - b);
  const slopes: number[] = [];
  for (let k = 0; k + 1 < quiet.length; k++) {
    const dt = centres[quiet[k + 1]!]! - centres[quiet[k]!]!;
    if (dt !== 0) slopes.push((levels[quiet[k + 1]!]! - levels[quiet[k]!]!) / dt);
  }
  const drift = median(slopes);
  const quietSd = Math.sqrt(median(quiet.map((w) => residuals[w]!)) / Math.max(1, length - 2));
  return { driftPerSec: Number.isFinite(drift) ? drift : 0, quietSd };
}

/** The signal with the run's drift taken out (`lessRunDrift`). */
export interface RunDrift {
  /** The signal less the drift line through its first sample, or the signal itself. */
  values: Float64Array;
  /** Drift taken out (signal units per second; 0 when none was). */
  removedPerSec: number;
}

/**
 * The signal less the run's drift line, through its first sample (the offset stays), when the drift moves
 * the baseline by more than the quantitation threshold (5 × the noise range h, read in the quiet windows the
 * drift is read on: `quietWindowDrift`) over the narrow-end peak width: a drift that large makes or hides a reportable peak's prominence, valley and flank on its own
 * (every detection and integration rule reads levels and slopes against zero). A smaller one is left in the
 * signal: removing a run's own small drift moved peaks' ends on the shared files where their crops and
 * decimations, with noisier estimates, could not follow. The drift, the width and h are read on the signal
 * less a first drift estimate (short windows), so none of them depends on a linear drift the detector adds:
 * above the threshold, the signal given back is the same whatever that drift.
 */
export function lessRunDrift(timeSec: Float64Array, values: Float64Array): RunDrift {
  const n = values.length;
  if (n < 2 * MIN_FIRST_WINDOW) return { values, removedPerSec: 0 };
  const firstWindow = Math.max(MIN_FIRST_WINDOW, Math.min(FIRST_WINDOW, Math.floor(n / FIRST_WINDOWS)));
  const first = runDriftPerSec(timeSec, values, firstWindow);
  const scale = measureSignalScale(less(timeSec, values, first));
  const { driftPerSec: drift, quietSd } = quietWindowDrift(timeSec, values, scale.noiseWindowSamples);
  // h in the windows the drift is read on (the range by the first estimate's range-to-SD ratio), never above
  // the first estimate's: on a crowded trace that lower quartile holds peaks.
  const h =
    quietSd < scale.rawNoise.sd
      ? quietSd * (scale.rawNoise.peakToPeak / scale.rawNoise.sd)
      : scale.rawNoise.peakToPeak;
  const stepSec = (timeSec[n - 1]! - timeSec[0]!) / (n - 1);
  const across = Math.abs(drift) * scale.widthSamples * stepSec;
  if (!(across > QUANTITATION_PROMINENCE_FACTOR * h)) {
    return { values, removedPerSec: 0 };
  }
  return { values: less(timeSec, values, drift), removedPerSec: drift };
}

function less(timeSec: Float64Array, values: Float64Array, driftPerSec: number): Float64Array {
  const t0 = timeSec[0]!;
  return values.map((v, i) => v - driftPerSec * (timeSec[i]! - t0));
}

/** Least-squares line of `values` against time over one window: its centre, mean and residual squares. */
function lineFit(
  timeSec: Float64Array,
  values: Float64Array,
  from: number,
  length: number,
): { meanT: number; meanY: number; squares: number } {
  const { meanT, meanY, slope } = regressionLine(timeSec, values, from, from + length - 1);
  let squares = 0;
  for (let i = from; i < from + length; i++) {
    squares += (values[i]! - meanY - slope * (timeSec[i]! - meanT)) ** 2;
  }
  return { meanT, meanY, squares };
}
