import { asFloat64Array } from '../statistics/asFloat64Array.ts';

/**
 * `localMaxima(values).peaks` without the plateau edges: the same scan writing one array, which is what
 * `findPeaks` needs unless a plateau size is asked for. With `minimum`, only the maxima whose value is at
 * least `minimum` are kept (scipy's `height` filter folded into the scan; a candidate below it is not
 * examined further, which cannot change the other maxima).
 * @example localMaximaIndices([0, 1, 1, 0, 2, 0]) // Int32Array [1, 4]
 */
export function localMaximaIndices(
  input: ArrayLike<number>,
  minimum: number = Number.NEGATIVE_INFINITY,
): Int32Array {
  const values = asFloat64Array(input);
  const last = values.length - 1;
  // At most every second sample is a maximum; one spare slot for the speculative write below.
  const midpoints = new Int32Array((values.length >> 1) + 2);
  let count = 0;
  let previous = values[0] as number;
  for (let i = 1; i < last; i++) {
    const current = values[i] as number;
    const next = values[i + 1] as number;
    if (next === current) {
      // A plateau (rare in measured data): walk to its end; a maximum when the signal then falls.
      if (previous < current && minimum <= current) {
        let ahead = i + 1;
        let after = next;
        while (after === current && ahead < last) after = values[++ahead] as number;
        if (after < current) {
          midpoints[count++] = (i + ahead - 1) >> 1;
          // The sample after the plateau is below it, so it cannot be a maximum: resume after it.
          i = ahead;
          previous = after;
          continue;
        }
      }
      previous = current;
      continue;
    }
    // Without a branch on noise: write the index, count it only when it is a maximum (NaN never is).
    midpoints[count] = i;
    count += Number(previous < current) & Number(next < current) & Number(minimum <= current);
    previous = current;
  }
  return midpoints.subarray(0, count);
}
