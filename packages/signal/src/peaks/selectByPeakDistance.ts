import { asFloat64Array } from '../statistics/asFloat64Array.ts';
import { stableAscendingOrder } from '../statistics/stableAscendingOrder.ts';

/** Below this many peaks the one stable sort of all of them is cheaper than the buckets' histogram. */
const BUCKET_MINIMUM = 2048;
/** Buckets by the top 16 bits of the single-precision height (sign, exponent, 7 mantissa bits). */
const BUCKET_BITS = 16;
const BUCKETS = 1 << BUCKET_BITS;
/**
 * The buckets pay off when a distance window holds at least this many peaks on average (most peaks are then
 * decided by a higher neighbour before their bucket is reached); sparser peaks are all sorted once.
 */
const BUCKET_WINDOW_PEAKS = 4;
/** Undecided peaks of one bucket up to this many are ordered by insertion, more by a comparison sort. */
const INSERTION_MAXIMUM = 32;

/**
 * Keeps the highest peaks so that no two kept peaks are closer than `distance` samples
 * (scipy `_select_by_peak_distance`). Returns a keep mask aligned with `peaks` (ascending indices).
 * Ties in height are broken stably: the rightmost of equal peaks is visited first.
 */
export function selectByPeakDistance(
  peaks: ArrayLike<number>,
  priority: ArrayLike<number>,
  distance: number,
): Uint8Array {
  const size = peaks.length;
  const minimumGap = Math.ceil(distance);
  const keep = new Uint8Array(size).fill(1);
  const heights = asFloat64Array(priority);
  const visit = (j: number) => {
    const peak = peaks[j] as number;
    for (let k = j - 1; k >= 0 && peak - (peaks[k] as number) < minimumGap; k--) keep[k] = 0;
    for (let k = j + 1; k < size && (peaks[k] as number) - peak < minimumGap; k++) keep[k] = 0;
  };
  const span = size > 0 ? (peaks[size - 1] as number) - (peaks[0] as number) + 1 : 0;
  if (size < BUCKET_MINIMUM || minimumGap * size < BUCKET_WINDOW_PEAKS * span) {
    // Sorted once; equal priorities stay in index order, so walking from the end visits the rightmost first.
    const order = stableAscendingOrder(heights);
    for (let position = size - 1; position >= 0; position--) {
      const j = order[position] as number;
      if (keep[j] !== 0) visit(j);
    }
    return keep;
  }
  // The same visiting order without sorting every peak: the peaks go into buckets by their height's leading
  // bits (in height order: rounding to single precision keeps the order), visited from the highest bucket.
  // Only the peaks of a bucket still undecided when it is reached are ordered exactly (by the doubles, the
  // rightmost first among equal); the others would be passed over by the walk anyway. Low peaks next to a
  // higher kept one are the most, so most buckets are mostly decided before they are reached.
  const rounded = new Float32Array(size);
  const bits = new Uint32Array(rounded.buffer);
  const starts = new Int32Array(BUCKETS + 1);
  for (let i = 0; i < size; i++) {
    rounded[i] = (heights[i] as number) + 0; // −0 becomes +0
    const word = bits[i] as number;
    // Unsigned patterns in numeric order: flip negatives entirely, set the sign bit of the rest.
    const bucket = (word & 0x80000000 ? ~word : word | 0x80000000) >>> (32 - BUCKET_BITS);
    bits[i] = bucket;
    starts[bucket + 1]!++;
  }
  for (let b = 0; b < BUCKETS; b++) starts[b + 1]! += starts[b] as number;
  const members = new Int32Array(size);
  const next = starts.slice(0, BUCKETS);
  for (let i = 0; i < size; i++) members[next[bits[i] as number]!++] = i;
  const undecided = new Int32Array(size);
  // Visiting order: higher first, and among equal heights (equal infinities differ by NaN) the rightmost.
  const visitedFirst = (a: number, b: number) => {
    const difference = (heights[b] as number) - (heights[a] as number);
    return difference > 0 || difference < 0 ? difference : b - a;
  };
  for (let bucket = BUCKETS - 1; bucket >= 0; bucket--) {
    const from = starts[bucket] as number;
    const to = starts[bucket + 1] as number;
    let count = 0;
    for (let m = from; m < to; m++) {
      const j = members[m] as number;
      if (keep[j] !== 0) undecided[count++] = j;
    }
    if (count === 0) continue;
    if (count > INSERTION_MAXIMUM) undecided.subarray(0, count).sort(visitedFirst);
    else {
      for (let i = 1; i < count; i++) {
        const j = undecided[i] as number;
        let position = i - 1;
        while (position >= 0 && visitedFirst(undecided[position] as number, j) > 0) {
          undecided[position + 1] = undecided[position] as number;
          position--;
        }
        undecided[position + 1] = j;
      }
    }
    for (let i = 0; i < count; i++) {
      const j = undecided[i] as number;
      if (keep[j] !== 0) visit(j);
    }
  }
  return keep;
}
