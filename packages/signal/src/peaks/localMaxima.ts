import { asFloat64Array } from '../statistics/asFloat64Array.ts';

/** Local maxima of a signal, with the edges of flat tops (scipy `_local_maxima_1d`). */
export interface LocalMaxima {
  /** Index reported for each maximum: the middle of its plateau, rounded down. */
  peaks: Int32Array;
  leftEdges: Int32Array;
  rightEdges: Int32Array;
}

/**
 * Finds every local maximum of `values`; flat tops count once, the first and last samples never count,
 * and a plateau running into the end of the array is not a maximum.
 * @example localMaxima([0, 1, 1, 0]).peaks // Int32Array [1]
 */
export function localMaxima(input: ArrayLike<number>): LocalMaxima {
  const values = asFloat64Array(input);
  const length = values.length;
  const midpoints = new Int32Array(Math.max(0, length >> 1));
  const leftEdges = new Int32Array(midpoints.length);
  const rightEdges = new Int32Array(midpoints.length);
  let count = 0;
  const last = length - 1;
  let i = 1;
  while (i < last) {
    const current = values[i] as number;
    if ((values[i - 1] as number) < current) {
      let ahead = i + 1;
      while (ahead < last && values[ahead] === current) ahead++;
      if ((values[ahead] as number) < current) {
        leftEdges[count] = i;
        rightEdges[count] = ahead - 1;
        midpoints[count] = (i + ahead - 1) >> 1;
        count++;
        i = ahead;
      }
    }
    i++;
  }
  return {
    peaks: midpoints.subarray(0, count),
    leftEdges: leftEdges.subarray(0, count),
    rightEdges: rightEdges.subarray(0, count),
  };
}
