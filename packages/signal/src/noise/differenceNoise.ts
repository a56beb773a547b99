import { medianInPlace } from '../statistics/median.ts';

/** The standard normal's 75 % point: the median absolute deviation of a normal sample is 0.6745 σ. */
const MAD_PER_SD = 0.6744897501960817;
/**
 * Order of the differences read. A Gaussian of σ samples adds to its k-th differences at most σ^−k of its
 * height times the k-th Hermite function's peak (He_k(0): 3 at k = 4, 15 at k = 6), while white noise's
 * SD grows as √C(2k, k): one 2.5 samples wide (W50 of 6 samples, the narrowest a detection kernel
 * resolves) adds 0.9 % of its height in noise units to its 4th differences, too much beside a peak of
 * S/N 1,000, and 0.2 % to its 6th, only within a few samples of its apex, which the median absolute
 * deviation passes over. On the crowded bench's white-noise runs (peaks 2–4 W50 apart, S/N up to 3,000) the
 * 6th differences read 0.88–1.05 × the SD drawn, the 4th up to 1.27 × (docs/processing.md).
 */
const ORDER = 6;
/** C(12, 6): the 6th differences of white noise of SD σ have SD √924 σ. */
const CENTRAL_BINOMIAL = 924;
/** Fewest 6th differences for a median absolute deviation. */
const MIN_DIFFERENCES = 16;

/**
 * The SD of the white part of a signal's noise read through its peaks: the median absolute deviation of its
 * 6th successive differences over 0.6745 √924. Peaks, being smooth, fall away from differences of that
 * order; white noise does not; noise a detector's filter correlates does too (the filter takes the high
 * frequencies the differences read), so on filtered noise this reads under the noise at the peaks' scale: a
 * floor, not the noise itself, wherever the run has baseline to measure that on. NaN when the signal is too
 * short; 0 on a flat or quantised one whose differences are mostly 0. O(n) (selection, no sort).
 */
export function whiteNoiseFloor(values: ArrayLike<number>): number {
  const n = values.length;
  if (n - ORDER < MIN_DIFFERENCES) return Number.NaN;
  const differences = Float64Array.from(values);
  let length = n;
  for (let k = 0; k < ORDER; k++) {
    length--;
    for (let i = 0; i < length; i++) differences[i] = differences[i + 1]! - differences[i]!;
  }
  const sixth = differences.subarray(0, length);
  const work = Float64Array.from(sixth);
  const centre = medianInPlace(work);
  for (let i = 0; i < length; i++) work[i] = Math.abs(sixth[i]! - centre);
  return medianInPlace(work) / (MAD_PER_SD * Math.sqrt(CENTRAL_BINOMIAL));
}
