import { asFloat64Array } from '../statistics/asFloat64Array.ts';
import { plateauEnd } from './plateauEnd.ts';

/**
 * Every local maximum (as `localMaximaIndices`) with its value. Both are views of work buffers shared by
 * every call: valid until the next call, never to be handed out.
 */
export interface MaximaWithHeights {
  peaks: Int32Array;
  heights: Float64Array;
}

// The buffers, reused between calls and grown on demand (6 bytes per sample of the longest signal seen): the
// speculative writes need room for half the signal, most of it never read, and fresh buffers of that size per
// call cost their allocation and the collections their external memory triggered.
let heightsBuffer = new Float64Array(0);
let midpointsBuffer = new Int32Array(0);

/**
 * `localMaximaIndices(values)` and the value at each maximum, in one pass: the heights are written as the
 * maxima are found instead of being read back from the signal afterwards (a second pass over all of it).
 * @example localMaximaWithHeights([0, 1, 1, 0, 2, 0]).heights // Float64Array [1, 2] (until the next call)
 */
export function localMaximaWithHeights(input: ArrayLike<number>): MaximaWithHeights {
  const values = asFloat64Array(input);
  // At most every second sample is a maximum; one spare slot for the speculative writes of the scan.
  const slots = (values.length >> 1) + 2;
  if (heightsBuffer.length < slots) {
    heightsBuffer = new Float64Array(slots);
    midpointsBuffer = new Int32Array(slots);
  }
  const midpoints = midpointsBuffer;
  const heights = heightsBuffer;
  const count = values.length < 3 ? 0 : scanWithHeights(values, midpoints, heights, values.length - 1);
  return { peaks: midpoints.subarray(0, count), heights: heights.subarray(0, count) };
}

// As localMaximaIndices' `scan` (see there why the loop sits alone and when a step of four compares each
// pair of neighbours once), writing each
// candidate's value beside its index.
function scanWithHeights(values: Float64Array, midpoints: Int32Array, heights: Float64Array, last: number) {
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
        heights[count] = a;
        count += rising & (ab ^ 1);
        midpoints[count] = i + 1;
        heights[count] = b;
        count += ab & (bc ^ 1);
        midpoints[count] = i + 2;
        heights[count] = c;
        count += bc & (cd ^ 1);
        midpoints[count] = i + 3;
        heights[count] = d;
        count += cd & (de ^ 1);
        rising = de;
        i += 4;
        continue;
      }
    }
    const current = values[i] as number;
    const next = values[i + 1] as number;
    if (next === current) {
      if (rising !== 0) {
        const ahead = plateauEnd(values, i, last);
        const after = values[ahead] as number;
        if (after < current) {
          const middle = (i + ahead - 1) >> 1;
          midpoints[count] = middle;
          heights[count++] = values[middle] as number;
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
    heights[count] = current;
    count += rising & Number(next < current);
    rising = Number(current < next);
    i++;
  }
  return count;
}
