import type { SignalScale } from './detectionSettings.ts';
import { APART_SD_RATIO, scaleFromGaps, type PeakSpan } from './gapNoise.ts';
import { lineResidualSd } from '../noise/lineResidualSd.ts';
import { median } from '../statistics/median.ts';

/**
 * Least ratio between the first estimate's SD and the baseline's for a short run (fewer than 16 noise windows of 5 W50), whose first estimate is a quartile of
 * windows of a sixteenth of the run, at least 8 samples, against gap windows of at least 10: twice the SD,
 * four times the variance, which two windows of one noise with 8 degrees of freedom each exceed with
 * probability 0.033 (F(8, 8)), each reading besides being a quartile or median over several windows. A long
 * run keeps 10 ×: its 5 W50 windows are 2.5 × the gap windows' length, and a detector's noise grows with
 * the window more than the growth read in the quietest gap windows says (docs/processing.md): the F(2, 2)
 * bound of `gapNoise.ts` (`APART_SD_RATIO`), two windows of one noise differing in variance by more than
 * 10² with probability 1/101.
 */
const SHORT_RUN_APART_SD_RATIO = 2;
/** Fewest gap windows the growth is read in (as the gap pass's `MIN_GAP_WINDOWS`). */
const MIN_GROWTH_WINDOWS = 3;

/** The lower quartile with eight or more values, else the median (as the gap pass's `quiet`). */
function quiet(values: readonly number[]): number {
  if (values.length < 8) return median(values);
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(0.25 * (sorted.length - 1))]!;
}

/**
 * How much the noise's residual SD grows when its window doubles, read in a window: its SD about one line
 * over the RMS of its two halves' SDs about their own lines. White noise: 1 (a line takes nothing of it at
 * any length); noise that wanders (a detector's filter, a pump's ripple) loses more of itself to the line of
 * a shorter window, so more than 1.
 */
function doublingGrowth(signal: Float64Array, { from, to }: PeakSpan): number {
  const half = Math.floor((to - from + 1) / 2);
  const first = lineResidualSd(signal, from, from + half - 1);
  const second = lineResidualSd(signal, from + half, from + 2 * half - 1);
  const halves = Math.sqrt((first * first + second * second) / 2);
  return halves > 0 ? lineResidualSd(signal, from, to) / halves : 1;
}

/**
 * The residual SD `signal`'s noise has in windows of `target` samples, read from the short gap windows:
 * their lower quartile (the median under 8), times the growth per doubling (`doublingGrowth`, the median
 * over the quietest quarter of the windows, at least three; never under 1) once for each doubling from their
 * length to `target`. A variance-time reading: white noise's growth of 1 leaves it as read; on a detector's
 * filtered noise it reads 0.65–0.82 × the `target` windows' own quartile (the quietest windows grow least),
 * never under the short windows' reading (docs/processing.md, "Correlated noise on a crop").
 */
export function scaledWindowSd(signal: Float64Array, windows: readonly PeakSpan[], target: number): number {
  const sds = windows.map(({ from, to }) => lineResidualSd(signal, from, to));
  const quietest = sds
    .map((_, k) => k)
    .sort((a, b) => sds[a]! - sds[b]!)
    .slice(0, Math.max(MIN_GROWTH_WINDOWS, Math.ceil(windows.length / 4)));
  const growth = Math.max(1, median(quietest.map((k) => doublingGrowth(signal, windows[k]!))));
  const length = median(quietest.map((k) => windows[k]!.to - windows[k]!.from + 1));
  return quiet(sds) * growth ** Math.max(0, Math.log2(target / length));
}

/**
 * The detection noise of a run whose noise windows read a flank (a long run's lower quartile of 5 W50
 * windows, `readsAFlank`, or a short run's windows of a sixteenth of it), where the gap windows show the
 * noise is not white (their differences correlate, or none of them passes the white-window test: a
 * detector's filter), so 2 W50 windows read it low: the gap windows' SD scaled to the noise window
 * (`noiseWindowSamples`) by the noise's own growth (`scaledWindowSd`), raw and detection signal alike,
 * the ranges by the first estimate's range-to-SD ratios. Null unless the first estimate reads at least 10 ×
 * that on a long run (`APART_SD_RATIO`: the quartile read a different signal), 2 × on a short one
 * (`SHORT_RUN_APART_SD_RATIO`), and the windows are at least three.
 */
export function scaledGapNoise(
  values: Float64Array,
  scale: SignalScale,
  windows: readonly PeakSpan[],
  /** A run of 16 or more noise windows of 5 W50 (`gapNoiseScale`); a short run takes the 2 × bound. */
  longRun: boolean,
): SignalScale | null {
  if (windows.length < MIN_GROWTH_WINDOWS) return null;
  const target = scale.noiseWindowSamples;
  const rawSd = scaledWindowSd(values, windows, target);
  const apart = longRun ? APART_SD_RATIO : SHORT_RUN_APART_SD_RATIO;
  if (!(rawSd > 0) || !(scale.rawNoise.sd >= apart * rawSd)) return null;
  const smoothedSd = Math.min(scale.smoothedSd, scaledWindowSd(scale.smoothed, windows, target));
  if (!(smoothedSd > 0)) return null;
  return scaleFromGaps(scale, rawSd, smoothedSd, windows);
}
