import { measureNoise, noiseWindowIndices, type NoiseFigures } from './measureNoise.ts';
import { regressionLine } from './regressionLine.ts';

export interface RunNoise extends NoiseFigures {
  method: 'start' | 'median' | 'finish';
  /** Length of each noise window in seconds. */
  windowSec: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/**
 * 1 for each window [start, start + length] that some interval overlaps (`x.startSec < start + length` and
 * `x.endSec > start`). The starts increase, so the windows an interval overlaps are one run of them, found
 * by two binary searches with those same comparisons instead of testing every interval at every window.
 */
function overlappedWindows(
  starts: readonly number[],
  length: number,
  excluded: readonly { startSec: number; endSec: number }[],
): Uint8Array {
  const blocked = new Uint8Array(starts.length);
  for (const x of excluded) {
    // First window whose end is past the interval's start…
    let low = 0;
    let high = starts.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (x.startSec < starts[middle]! + length) high = middle;
      else low = middle + 1;
    }
    // …then on while the window starts before the interval's end.
    for (let k = low; k < starts.length && x.endSec > starts[k]!; k++) blocked[k] = 1;
  }
  return blocked;
}

/** Most noise windows measured over one run. */
const MAX_WINDOWS = 10_000;

/**
 * Noise of a run for the `start`, `finish` and `median` algorithms. `windowSec` should be ≥ 5 × W50 of the
 * largest peak (Ph. Eur. 2.2.46); `median` splits the detection window into windows of that length and
 * takes the median of each figure, which keeps peaks from inflating it.
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
): RunNoise | null {
  const span = windowEndSec - windowStartSec;
  const length = Math.min(windowSec, span);
  if (!(length > 0)) return null;
  if (method === 'start' || method === 'finish') {
    const start = method === 'start' ? windowStartSec : windowEndSec - length;
    const figures = measureNoise(timeSec, values, start, start + length);
    return figures ? { ...figures, method, windowSec: length } : null;
  }
  // Whole windows in the span (a relative tolerance: any time unit, however small, gives a finite count).
  const count = Math.min(MAX_WINDOWS, Math.max(1, Math.floor(span / length + 1e-9)));
  const starts = Array.from({ length: count }, (_, k) => windowStartSec + k * length);
  const measure = (chosen: number[]) =>
    chosen.flatMap((start) => measureNoise(timeSec, values, start, start + length) ?? []);
  // Windows free of peaks when there are any; otherwise the median still damps the peaks' effect.
  // Windows over peaks are measured only when they are needed.
  const blocked = overlappedWindows(starts, length, excluded);
  const clear = measure(starts.filter((_, k) => blocked[k] === 0));
  const parts = clear.length > 0 ? clear : measure(starts);
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
  };
}
