import { asFloat64Array } from '../statistics/asFloat64Array.ts';

/**
 * `localMaxima(values).peaks` without the plateau edges: the same scan writing one array, which is what
 * `findPeaks` needs unless a plateau size is asked for. The buffer starts at a quarter of the signal and
 * grows (white noise has a maximum every third sample).
 * @example localMaximaIndices([0, 1, 1, 0, 2, 0]) // Int32Array [1, 4]
 */
export function localMaximaIndices(input: ArrayLike<number>): Int32Array {
  const values = asFloat64Array(input);
  const last = values.length - 1;
  let midpoints = new Int32Array((values.length >> 2) + 16);
  let count = 0;
  let i = 1;
  while (i < last) {
    const current = values[i] as number;
    if ((values[i - 1] as number) < current) {
      let ahead = i + 1;
      while (ahead < last && values[ahead] === current) ahead++;
      if ((values[ahead] as number) < current) {
        if (count === midpoints.length) {
          const grown = new Int32Array(Math.min(midpoints.length * 2, (values.length >> 1) + 16));
          grown.set(midpoints);
          midpoints = grown;
        }
        midpoints[count++] = (i + ahead - 1) >> 1;
        i = ahead;
      }
    }
    i++;
  }
  return midpoints.subarray(0, count);
}
