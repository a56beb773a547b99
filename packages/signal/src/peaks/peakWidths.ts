import { peakProminences, type PeakProminences } from './peakProminences.ts';

/** Widths of peaks at a height relative to their prominence (scipy `peak_widths`). */
export interface PeakWidths {
  /** Width in samples. */
  widths: Float64Array;
  widthHeights: Float64Array;
  /** Fractional sample index of the left crossing. */
  leftIps: Float64Array;
  rightIps: Float64Array;
}

export interface PeakWidthsOptions {
  /**
   * Evaluation height as a fraction of the prominence below the apex (1 = the higher base).
   * @default 0.5
   */
  relHeight?: number;
  /** Precomputed prominences and bases; computed with `wlen` when absent. */
  prominenceData?: PeakProminences;
  /** Window for the prominence computation when `prominenceData` is absent. @default null */
  wlen?: number | null;
}

/**
 * Measures each peak's width at `x[peak] - prominence * relHeight`, interpolating the crossings linearly
 * and never walking past the prominence bases. Widths are in samples.
 * @example peakWidths([0, 2, 1, 3, 0.5, 2.5, 0], [1, 3, 5]).widths // [0.75, 1.35, 0.9]
 */
export function peakWidths(
  values: ArrayLike<number>,
  peaks: ArrayLike<number>,
  options: PeakWidthsOptions = {},
): PeakWidths {
  const relHeight = options.relHeight ?? 0.5;
  if (!(relHeight >= 0)) throw new RangeError('`rel_height` must be greater or equal to 0.0');
  const { prominences, leftBases, rightBases } =
    options.prominenceData ?? peakProminences(values, peaks, options.wlen);
  const count = peaks.length;
  const widths = new Float64Array(count);
  const widthHeights = new Float64Array(count);
  const leftIps = new Float64Array(count);
  const rightIps = new Float64Array(count);
  for (let n = 0; n < count; n++) {
    const peak = peaks[n] as number;
    const start = leftBases[n] as number;
    const end = rightBases[n] as number;
    if (!(start >= 0 && start <= peak && peak <= end && end < values.length)) {
      throw new RangeError(`prominence data is invalid for peak ${peak}`);
    }
    const height = (values[peak] as number) - (prominences[n] as number) * relHeight;
    widthHeights[n] = height;
    let i = peak;
    while (start < i && height < (values[i] as number)) i--;
    let left = i;
    if ((values[i] as number) < height) {
      left += (height - (values[i] as number)) / ((values[i + 1] as number) - (values[i] as number));
    }
    i = peak;
    while (i < end && height < (values[i] as number)) i++;
    let right = i;
    if ((values[i] as number) < height) {
      right -= (height - (values[i] as number)) / ((values[i - 1] as number) - (values[i] as number));
    }
    leftIps[n] = left;
    rightIps[n] = right;
    widths[n] = right - left;
  }
  return { widths, widthHeights, leftIps, rightIps };
}
