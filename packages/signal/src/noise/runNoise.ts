import { measureNoise, noiseWindowIndices, type NoiseFigures } from './measureNoise.ts';
import { regressionLine } from './regressionLine.ts';
import { withoutTailWindows } from './tailWindows.ts';
import { median } from '../statistics/median.ts';

export interface RunNoise extends NoiseFigures {
  method: 'start' | 'median' | 'finish';
  /** Length of each noise window in seconds (the longest; stretches between peaks may be shorter). */
  windowSec: number;
  /**
   * `median` only: `peak_free` windows between the integrated peaks, or the `quietest` quarter of the
   * windows over the span when the peaks leave no baseline of `MIN_NOISE_WINDOW_SAMPLES`, or the samples'
   * `differences` when detection found no baseline left in the run (`runNoiseFromDifferences`).
   */
  windows?: 'peak_free' | 'quietest' | 'differences';
}

/** Most noise windows measured over one run. */
const MAX_WINDOWS = 10_000;
/**
 * Fewest samples a noise window holds: the pharmacopoeial range h of fewer samples falls well short of the
 * range of a longer window (the expected range of 10 normal samples is 3.1 SD, of 100 samples 5.0 SD).
 */
export const MIN_NOISE_WINDOW_SAMPLES = 10;
/**
 * Least ratio of a window's residual SD to the baseline's for the two to be different signals: two windows
 * of one stationary noise, each with as few as two degrees of freedom, differ in variance by more than 10²
 * with probability 1/101 (the F(2, 2) tail; as detection's `APART_SD_RATIO`).
 */
const APART_SD_RATIO = 10;
/** Share of the windows over the whole span counted as quiet when no peak-free window exists. */
const QUIET_SHARE = 0.25;

/**
 * The stretches of [from, to] that no interval overlaps, in order.
 */
function freeStretches(
  from: number,
  to: number,
  excluded: readonly { startSec: number; endSec: number }[],
): { startSec: number; endSec: number }[] {
  const sorted = [...excluded].sort((a, b) => a.startSec - b.startSec);
  const result: { startSec: number; endSec: number }[] = [];
  let cursor = from;
  for (const x of sorted) {
    if (x.startSec > cursor) result.push({ startSec: cursor, endSec: Math.min(x.startSec, to) });
    cursor = Math.max(cursor, x.endSec);
    if (cursor >= to) break;
  }
  if (cursor < to) result.push({ startSec: cursor, endSec: to });
  return result.filter((stretch) => stretch.endSec > stretch.startSec);
}

/**
 * Noise of a run for the `start`, `finish` and `median` algorithms. `windowSec` should be ≥ 5 × W50 of the
 * largest peak (Ph. Eur. 2.2.46); `median` measures the baseline only, never a window holding a peak:
 * - the stretches between the `excluded` intervals (the integrated peaks) are cut into windows of
 *   `windowSec`; a stretch shorter than that is one window of its own length when it holds at least
 *   `MIN_NOISE_WINDOW_SAMPLES` samples (a crowded run has no 5 × W50 of baseline, but its gaps are
 *   baseline); the median of each figure over those windows is the run's, leaving out the windows that read
 *   10 × the noise detection found on the baseline (`baselineSd`: a tail past a peak's end, a dip's edge)
 *   and, where the run's quieter end reads white noise, those standing apart above it (`withoutTailWindows`);
 * - only when no such stretch exists are the windows over the whole span measured, and the quietest
 *   quarter of them (by range) taken (`windows: 'quietest'`), as ASTM E685 picks the quiet part of a trace:
 *   the median over windows holding peaks once took the peaks for noise and emptied whole runs.
 */
export function runNoise(
  method: 'start' | 'median' | 'finish',
  timeSec: ArrayLike<number>,
  values: ArrayLike<number>,
  windowStartSec: number,
  windowEndSec: number,
  windowSec: number,
  /** Intervals (e.g. integrated peaks) that `median` windows should avoid. @default [] */
  excluded: readonly { startSec: number; endSec: number }[] = [],
  /**
   * The noise SD detection read on the baseline (`median` only): a peak-free window whose residual SD is at
   * least `APART_SD_RATIO` times it holds another signal (a tail past a peak's end, a dip's edge), not the
   * noise, and is left out while any window is not. @default none
   */
  baselineSd?: number,
): RunNoise | null {
  const span = windowEndSec - windowStartSec;
  const length = Math.min(windowSec, span);
  if (!(length > 0)) return null;
  if (method === 'start' || method === 'finish') {
    const start = method === 'start' ? windowStartSec : windowEndSec - length;
    const figures = measureNoise(timeSec, values, start, start + length);
    return figures ? { ...figures, method, windowSec: length } : null;
  }
  const measure = (chosen: readonly { startSec: number; endSec: number }[]) =>
    chosen.flatMap((w) => {
      const { from, to } = noiseWindowIndices(timeSec, w.startSec, w.endSec);
      if (to - from + 1 < MIN_NOISE_WINDOW_SAMPLES) return [];
      return measureNoise(timeSec, values, w.startSec, w.endSec) ?? [];
    });
  const windows: { startSec: number; endSec: number }[] = [];
  for (const stretch of freeStretches(windowStartSec, windowEndSec, excluded)) {
    const stretchLength = stretch.endSec - stretch.startSec;
    // Whole windows in the stretch (a relative tolerance: any time unit gives a finite count).
    const count = Math.max(1, Math.floor(stretchLength / length + 1e-9));
    const each = count === 1 ? Math.min(length, stretchLength) : length;
    for (let k = 0; k < count && windows.length < MAX_WINDOWS; k++) {
      windows.push({ startSec: stretch.startSec + k * each, endSec: stretch.startSec + (k + 1) * each });
    }
  }
  let parts = measure(windows);
  parts = withoutTailWindows(timeSec, values, parts, windowStartSec, windowEndSec);
  if (baselineSd !== undefined && baselineSd > 0) {
    const noise = parts.filter((part) => part.rms < APART_SD_RATIO * baselineSd);
    if (noise.length > 0) parts = noise;
  }
  let source: RunNoise['windows'] = 'peak_free';
  if (parts.length === 0) {
    // No baseline between the peaks: the quietest windows over the span, each at least the minimum.
    const { from, to } = noiseWindowIndices(timeSec, windowStartSec, windowEndSec);
    const meanStep = to > from ? span / (to - from) : span;
    const quiet = Math.max(length / 4, MIN_NOISE_WINDOW_SAMPLES * meanStep);
    const count = Math.min(MAX_WINDOWS, Math.max(1, Math.floor(span / quiet + 1e-9)));
    const all = measure(
      Array.from({ length: count }, (_, k) => ({
        startSec: windowStartSec + k * quiet,
        endSec: windowStartSec + (k + 1) * quiet,
      })),
    ).sort((a, b) => a.peakToPeak - b.peakToPeak);
    parts = all.slice(0, Math.max(1, Math.ceil(QUIET_SHARE * all.length)));
    source = 'quietest';
  }
  if (parts.length === 0) return null;
  // Only the drift is needed over the whole window: the regression line without the residual pass.
  const whole = noiseWindowIndices(timeSec, windowStartSec, windowEndSec);
  const driftPerSec =
    whole.to - whole.from + 1 >= 3 ? regressionLine(timeSec, values, whole.from, whole.to).slope : 0;
  return {
    peakToPeak: median(parts.map((p) => p.peakToPeak)),
    sixSd: median(parts.map((p) => p.sixSd)),
    rms: median(parts.map((p) => p.rms)),
    driftPerSec,
    startSec: windowStartSec,
    endSec: windowEndSec,
    method,
    windowSec: length,
    windows: source,
  };
}

/**
 * The `median` run noise of a run with no baseline left (detection's `noiseFromDifferences`: every gap
 * between its peaks held a peak): the noise detection read from the samples' 8th differences, its SD and
 * range, since no window of the run can read it — the windows between the integrated peaks hold tails and
 * the peaks the reporting limit would then leave out (a short crowded run read 8–24 × its noise there and
 * lost 6–10 peaks of 21–23). The drift is the line's over the window, as `runNoise` reads it.
 */
export function runNoiseFromDifferences(
  timeSec: ArrayLike<number>,
  values: ArrayLike<number>,
  windowStartSec: number,
  windowEndSec: number,
  windowSec: number,
  noise: { sd: number; peakToPeak: number },
): RunNoise {
  const whole = noiseWindowIndices(timeSec, windowStartSec, windowEndSec);
  const driftPerSec =
    whole.to - whole.from + 1 >= 3 ? regressionLine(timeSec, values, whole.from, whole.to).slope : 0;
  return {
    peakToPeak: noise.peakToPeak,
    sixSd: 6 * noise.sd,
    rms: noise.sd,
    driftPerSec,
    startSec: windowStartSec,
    endSec: windowEndSec,
    method: 'median',
    windowSec: Math.min(windowSec, windowEndSec - windowStartSec),
    windows: 'differences',
  };
}
