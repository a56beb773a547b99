import { medianInPlace } from '../statistics/median.ts';

/** The standard normal's 75 % point: the median absolute deviation of a normal sample is 0.6745 σ. */
const MAD_PER_SD = 0.6744897501960817;
/**
 * Order of the differences read. A Gaussian of σ samples adds to its k-th differences at most σ^−k of its
 * height times the k-th Hermite function's peak (He_k(0): 3, 15, 105 at k = 4, 6, 8), while white noise's
 * SD grows as √C(2k, k) (8.4, 30, 113): one 2.5 samples wide (W50 of 6 samples) adds 0.9 % of its height
 * in noise units to its 4th differences (9 noise SDs for a peak 1,000 high), 0.2 % to its 6th and 0.06 % to
 * its 8th, only within a few samples of its apex, which the median absolute deviation passes over; beyond
 * the 8th the Hermite peak grows as fast as the noise's SD and nothing more is gained. On the crowded
 * bench's white-noise runs (peaks 2–4 W50 apart, S/N up to 3,000) the 8th differences read 0.82–1.05 × the
 * SD drawn, the 4th up to 1.27 ×; on short runs of peaks 1.3–2 samples σ the 8th read 1.0–4.8 ×, the 6th
 * 1.2–7.1 × (docs/processing.md).
 */
const ORDER = 8;
/** C(16, 8): the 8th differences of white noise of SD σ have SD √12870 σ. */
const CENTRAL_BINOMIAL = 12870;
/** Fewest 8th differences for a median absolute deviation. */
const MIN_DIFFERENCES = 16;

/**
 * The SD of the white part of a signal's noise read through its peaks: the median absolute deviation of its
 * 8th successive differences over 0.6745 √12870. Peaks, being smooth, fall away from differences of that
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
  const highest = differences.subarray(0, length);
  const work = Float64Array.from(highest);
  const centre = medianInPlace(work);
  for (let i = 0; i < length; i++) work[i] = Math.abs(highest[i]! - centre);
  return medianInPlace(work) / (MAD_PER_SD * Math.sqrt(CENTRAL_BINOMIAL));
}
