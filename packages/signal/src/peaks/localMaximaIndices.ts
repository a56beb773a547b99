import { asFloat64Array } from '../statistics/asFloat64Array.ts';
import { plateauEnd } from './plateauEnd.ts';

/**
 * `localMaxima(values).peaks` without the plateau edges: the same scan writing one array, which is what
 * `findPeaks` needs unless a plateau size is asked for. With `minimum`, only the maxima whose value is at
 * least `minimum` are kept (scipy's `height` filter folded into the scan); with `thresholdMinimum`, only
 * those whose smaller vertical distance to the two neighbouring samples is at least it (scipy's `threshold`
 * minimum, NaN failing). A candidate rejected by either is not examined further, which cannot change the
 * other maxima.
 * @example localMaximaIndices([0, 1, 1, 0, 2, 0]) // Int32Array [1, 4]
 */
export function localMaximaIndices(
  input: ArrayLike<number>,
  minimum: number = Number.NEGATIVE_INFINITY,
  thresholdMinimum: number | null = null,
): Int32Array {
  const values = asFloat64Array(input);
  // At most every second sample is a maximum; one spare slot for the speculative write in the scans.
  const midpoints = new Int32Array((values.length >> 1) + 2);
  if (values.length < 3) return midpoints.subarray(0, 0);
  const last = values.length - 1;
  const count =
    thresholdMinimum !== null
      ? scanWithThreshold(values, midpoints, minimum, thresholdMinimum, last)
      : minimum === Number.NEGATIVE_INFINITY
        ? scan(values, midpoints, last)
        : rarelyCrosses(values, minimum, last)
          ? scanAbove(values, midpoints, minimum, last)
          : scanBranchless(values, midpoints, minimum, last);
  return midpoints.subarray(0, count);
}

// The scans take the last index from the caller, read nothing before their loop and return right after it:
// V8 compiles a long loop on its first call while it runs, before the code around it has type feedback, and
// such code reached later sent calls back to the slower loop compiled mid-run (the scan took 1.5-2 times as
// long in some processes). A previous sample carried in a loop variable starts as a literal, not as an
// argument: a loop variable that starts from an argument is kept boxed, one allocation per sample.

function scan(values: Float64Array, midpoints: Int32Array, last: number): number {
  let count = 0;
  // Whether the sample before i is below it, as 0 or 1 (the first sample has none: never a maximum).
  let rising = 0;
  let i = 0;
  while (i < last) {
    if (i + 4 <= last) {
      // Four samples a step, without a branch on noise. When the product of the four steps between neighbours
      // is neither 0 nor NaN, no two neighbours are equal (no plateau starts) and none is NaN, so each pair
      // either rises or falls: one comparison per pair serves both its samples (a sample is a maximum when the
      // pair before it rises and the pair after it does not). Otherwise (or when the product underflows) the
      // step is left to the sample-by-sample path below. Each index is written, counted only at a maximum.
      const a = values[i] as number;
      const b = values[i + 1] as number;
      const c = values[i + 2] as number;
      const d = values[i + 3] as number;
      const e = values[i + 4] as number;
      if (Math.abs((b - a) * (c - b) * ((d - c) * (e - d))) > 0) {
        const ab = Number(a < b);
        const bc = Number(b < c);
        const cd = Number(c < d);
        const de = Number(d < e);
        midpoints[count] = i;
        count += rising & (ab ^ 1);
        midpoints[count] = i + 1;
        count += ab & (bc ^ 1);
        midpoints[count] = i + 2;
        count += bc & (cd ^ 1);
        midpoints[count] = i + 3;
        count += cd & (de ^ 1);
        rising = de;
        i += 4;
        continue;
      }
    }
    const current = values[i] as number;
    const next = values[i + 1] as number;
    if (next === current) {
      // A plateau (rare in measured data): walk to its end; a maximum when the signal then falls.
      if (rising !== 0) {
        const ahead = plateauEnd(values, i, last);
        const after = values[ahead] as number;
        if (after < current) {
          midpoints[count++] = (i + ahead - 1) >> 1;
          // The sample after the plateau is below it, so it cannot be a maximum: resume after it.
          i = ahead + 1;
          rising = i <= last ? Number(after < (values[i] as number)) : 0;
          continue;
        }
      }
      rising = 0;
      i++;
      continue;
    }
    midpoints[count] = i;
    count += rising & Number(next < current);
    rising = Number(current < next);
    i++;
  }
  return count;
}

/** Pairs of neighbouring samples looked at to tell how often the signal crosses a minimum height. */
const CROSSING_SAMPLES = 1024;

/**
 * Whether at most one in 16 of CROSSING_SAMPLES pairs of neighbours, spread over the signal, lies on both
 * sides of `minimum`: then the samples below it come in long runs (a baseline between peaks) and skipping
 * them on one well-predicted branch pays; on noise around the minimum that branch would be mispredicted.
 */
function rarelyCrosses(values: Float64Array, minimum: number, last: number): boolean {
  const step = Math.max(1, Math.floor(last / CROSSING_SAMPLES));
  let pairs = 0;
  let crossings = 0;
  for (let i = 0; i < last; i += step) {
    pairs++;
    crossings += Number(minimum <= (values[i] as number)) ^ Number(minimum <= (values[i + 1] as number));
  }
  return 16 * crossings <= pairs;
}

/**
 * `scan` keeping only the maxima of at least `minimum`. Four samples below it are passed over on one test:
 * they come in long runs (the baseline between peaks), so the branch is well predicted.
 */
function scanAbove(values: Float64Array, midpoints: Int32Array, minimum: number, last: number): number {
  let count = 0;
  let rising = 0;
  let i = 0;
  while (i < last) {
    if (i + 4 <= last) {
      const a = values[i] as number;
      const b = values[i + 1] as number;
      const c = values[i + 2] as number;
      const d = values[i + 3] as number;
      const e = values[i + 4] as number;
      // NaN counts as below: it is never a maximum.
      const high = Number(minimum <= a) | Number(minimum <= b) | Number(minimum <= c) | Number(minimum <= d);
      if (high === 0) {
        rising = Number(d < e);
        i += 4;
        continue;
      }
      if (Math.abs((b - a) * (c - b) * ((d - c) * (e - d))) > 0) {
        const ab = Number(a < b);
        const bc = Number(b < c);
        const cd = Number(c < d);
        const de = Number(d < e);
        midpoints[count] = i;
        count += rising & (ab ^ 1) & Number(minimum <= a);
        midpoints[count] = i + 1;
        count += ab & (bc ^ 1) & Number(minimum <= b);
        midpoints[count] = i + 2;
        count += bc & (cd ^ 1) & Number(minimum <= c);
        midpoints[count] = i + 3;
        count += cd & (de ^ 1) & Number(minimum <= d);
        rising = de;
        i += 4;
        continue;
      }
    }
    const current = values[i] as number;
    const next = values[i + 1] as number;
    if (next === current) {
      if (rising !== 0 && minimum <= current) {
        const ahead = plateauEnd(values, i, last);
        const after = values[ahead] as number;
        if (after < current) {
          midpoints[count++] = (i + ahead - 1) >> 1;
          i = ahead + 1;
          rising = i <= last ? Number(after < (values[i] as number)) : 0;
          continue;
        }
      }
      rising = 0;
      i++;
      continue;
    }
    midpoints[count] = i;
    count += rising & Number(next < current) & Number(minimum <= current);
    rising = Number(current < next);
    i++;
  }
  return count;
}

/** `scan` keeping only the maxima of at least `minimum`, without a branch on it (noise around the minimum). */
function scanBranchless(values: Float64Array, midpoints: Int32Array, minimum: number, last: number): number {
  let count = 0;
  let rising = 0;
  let i = 0;
  while (i < last) {
    if (i + 4 <= last) {
      const a = values[i] as number;
      const b = values[i + 1] as number;
      const c = values[i + 2] as number;
      const d = values[i + 3] as number;
      const e = values[i + 4] as number;
      if (Math.abs((b - a) * (c - b) * ((d - c) * (e - d))) > 0) {
        const ab = Number(a < b);
        const bc = Number(b < c);
        const cd = Number(c < d);
        const de = Number(d < e);
        midpoints[count] = i;
        count += rising & (ab ^ 1) & Number(minimum <= a);
        midpoints[count] = i + 1;
        count += ab & (bc ^ 1) & Number(minimum <= b);
        midpoints[count] = i + 2;
        count += bc & (cd ^ 1) & Number(minimum <= c);
        midpoints[count] = i + 3;
        count += cd & (de ^ 1) & Number(minimum <= d);
        rising = de;
        i += 4;
        continue;
      }
    }
    const current = values[i] as number;
    const next = values[i + 1] as number;
    if (next === current) {
      if (rising !== 0 && minimum <= current) {
        const ahead = plateauEnd(values, i, last);
        const after = values[ahead] as number;
        if (after < current) {
          midpoints[count++] = (i + ahead - 1) >> 1;
          i = ahead + 1;
          rising = i <= last ? Number(after < (values[i] as number)) : 0;
          continue;
        }
      }
      rising = 0;
      i++;
      continue;
    }
    midpoints[count] = i;
    count += rising & Number(next < current) & Number(minimum <= current);
    rising = Number(current < next);
    i++;
  }
  return count;
}
/** `scan` keeping only the maxima whose threshold (the smaller drop to a neighbour) is at least `least`. */
function scanWithThreshold(
  values: Float64Array,
  midpoints: Int32Array,
  minimum: number,
  least: number,
  last: number,
): number {
  let count = 0;
  // Starts at the first sample with a previous sample of +Infinity (a literal: the parser folds it), so the
  // first sample never counts and the loop carries a double.
  let previous = 1 / 0;
  for (let i = 0; i < last; i++) {
    const current = values[i] as number;
    const next = values[i + 1] as number;
    if (next === current) {
      if (previous < current && minimum <= current) {
        const ahead = plateauEnd(values, i, last);
        const after = values[ahead] as number;
        if (after < current) {
          // scipy measures the threshold at the reported index, the plateau's middle.
          const middle = (i + ahead - 1) >> 1;
          const top = values[middle] as number;
          const drop = Math.min(top - (values[middle - 1] as number), top - (values[middle + 1] as number));
          if (least <= drop) midpoints[count++] = middle;
          i = ahead;
          previous = after;
          continue;
        }
      }
      previous = current;
      continue;
    }
    midpoints[count] = i;
    count +=
      Number(previous < current) &
      Number(next < current) &
      Number(minimum <= current) &
      // Both drops at least `least` is the smaller one at least it (NaN fails either way).
      Number(least <= current - previous) &
      Number(least <= current - next);
    previous = current;
  }
  return count;
}
