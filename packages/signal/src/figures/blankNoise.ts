import { measureNoise } from '../noise/measureNoise.ts';

/** Pharmacopoeial minimum: the blank window spans at least 5 × W50 of the peak (Ph. Eur. 2.2.46). */
export const BLANK_WINDOW_HALF_WIDTHS = 5;

export interface BlankNoiseOptions {
  /** Window length in multiples of the peak's W50 (≥ 5; 20 was Ph. Eur. 11.0–11.2). @default 5 */
  widthMultiple?: number;
}

/**
 * Peak-to-peak noise h of a blank-injection chromatogram for each peak (Ph. Eur. 2.2.46 / USP <621>):
 * a window of `widthMultiple` × W50 centred where the peak elutes (shifted inside the blank when it would
 * run past an end; the whole blank when it is shorter), drift line removed as in `measureNoise`.
 * Null for a peak without W50, or when the window holds fewer than 3 samples or the blank is unusable
 * (lengths differ, non-finite values): the caller then falls back to the run's own noise.
 * @example completeFigures(peaks, { blankPeakToPeak: blankPeakToPeak(blank.timeSec, blank.values, peaks) })
 */
export function blankPeakToPeak(
  blankTimeSec: ArrayLike<number>,
  blankValues: ArrayLike<number>,
  peaks: readonly { retentionTimeSec: number; widthHalfSec: number | null }[],
  options: BlankNoiseOptions = {},
): (number | null)[] {
  const multiple = Math.max(BLANK_WINDOW_HALF_WIDTHS, options.widthMultiple ?? BLANK_WINDOW_HALF_WIDTHS);
  const count = blankTimeSec.length;
  if (count < 3 || blankValues.length !== count) return peaks.map(() => null);
  const first = blankTimeSec[0] as number;
  const last = blankTimeSec[count - 1] as number;
  return peaks.map((peak) => {
    if (peak.widthHalfSec === null || !(peak.widthHalfSec > 0)) return null;
    const length = Math.min(multiple * peak.widthHalfSec, last - first);
    const start = Math.min(Math.max(peak.retentionTimeSec - length / 2, first), last - length);
    const figures = measureNoise(blankTimeSec, blankValues, start, start + length);
    const h = figures?.peakToPeak;
    return h !== undefined && Number.isFinite(h) ? h : null;
  });
}
