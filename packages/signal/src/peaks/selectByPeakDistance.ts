import { asFloat64Array } from '../statistics/asFloat64Array.ts';
import { sortRange } from '../statistics/sortRange.ts';
import { stableAscendingOrder } from '../statistics/stableAscendingOrder.ts';
import { keptBySplitting } from './keptBySplitting.ts';

/** Below this many peaks the one stable sort of all of them is cheaper than the buckets' histogram. */
const BUCKET_MINIMUM = 2048;
/**
 * The buckets pay off when a distance window holds at least this many peaks on average (most peaks are then
 * decided by a higher neighbour before their bucket is reached); sparser peaks are all sorted once.
 */
const BUCKET_WINDOW_PEAKS = 4;
/** Peaks per bucket aimed at: the histogram grows with the number of peaks instead of being fixed. */
const PEAKS_PER_BUCKET = 4;
/** At most 2^18 buckets (the histogram, 1 MB, stays in the cache). */
const MAXIMUM_BUCKET_BITS = 18;

// Work buffers reused between calls, grown on demand: each peak's height as a float32, read back as its key
// and then its bucket; the peaks in bucket order; the buckets' bounds.
let roundedHeights = new Float32Array(0);
let keyWords = new Uint32Array(0);
let bucketMembers = new Int32Array(0);
let bucketStarts = new Int32Array(0);
/** The keep mask of `keptByPeakDistance`, whose callers take the kept peaks only. */
let keepBuffer = new Uint8Array(0);

function reserve(size: number, buckets: number) {
  if (keyWords.length < size) {
    roundedHeights = new Float32Array(size);
    keyWords = new Uint32Array(roundedHeights.buffer);
    bucketMembers = new Int32Array(size);
  }
  if (bucketStarts.length < buckets + 1) bucketStarts = new Int32Array(buckets + 1);
}

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
  const keep = new Uint8Array(peaks.length).fill(1);
  markByPeakDistance(peaks, asFloat64Array(priority), Math.ceil(distance), keep);
  return keep;
}

/**
 * The peaks `selectByPeakDistance` keeps, in a new array: for callers that want only them (its mask lives in
 * a buffer reused between calls).
 * @example keptByPeakDistance(Int32Array.of(1, 3, 5), Float64Array.of(1, 2, 1), 3) // Int32Array [3]
 */
export function keptByPeakDistance(peaks: Int32Array, heights: Float64Array, distance: number): Int32Array {
  const size = peaks.length;
  const gap = Math.ceil(distance);
  if (gap <= 1) return peaks.slice();
  const positions = keptBySplitting(peaks, heights, gap);
  if (positions) return peaksAt(peaks, positions, positions.length);
  if (keepBuffer.length < size) keepBuffer = new Uint8Array(size);
  const keep = keepBuffer.subarray(0, size).fill(1);
  const count = markByOrdering(peaks, heights, gap, keep);
  if (count === size) return peaks.slice();
  const kept = new Int32Array(count);
  copyKept(peaks, keep, kept, size);
  return kept;
}

function peaksAt(peaks: Int32Array, positions: Int32Array, count: number): Int32Array {
  const kept = new Int32Array(count);
  for (let n = 0; n < count; n++) kept[n] = peaks[positions[n] as number] as number;
  return kept;
}

function copyKept(peaks: Int32Array, keep: Uint8Array, kept: Int32Array, size: number) {
  let position = 0;
  for (let n = 0; n < size; n++) if (keep[n]) kept[position++] = peaks[n] as number;
}

/** Clears `keep` (all set) for the peaks the rule drops; returns how many stay. */
function markByPeakDistance(
  peaks: ArrayLike<number>,
  heights: Float64Array,
  minimumGap: number,
  keep: Uint8Array,
): number {
  const size = peaks.length;
  // Distinct peaks are at least one sample apart: a gap of one drops none.
  if (minimumGap <= 1) return size;
  const positions = keptBySplitting(
    peaks instanceof Int32Array ? peaks : Int32Array.from(peaks),
    heights,
    minimumGap,
  );
  if (positions) {
    keep.fill(0);
    markPositions(keep, positions, positions.length);
    return positions.length;
  }
  return markByOrdering(peaks, heights, minimumGap, keep);
}

/**
 * `selectByPeakDistance` by visiting the peaks in order of height (sorted, or by buckets of heights), as it
 * runs where a height is NaN (placed as it always was); for the tests of that path on other heights.
 */
export function selectByOrdering(peaks: ArrayLike<number>, priority: Float64Array, distance: number) {
  const keep = new Uint8Array(peaks.length).fill(1);
  const gap = Math.ceil(distance);
  if (gap > 1) markByOrdering(peaks, priority, gap, keep);
  return keep;
}

/** `markByPeakDistance` by visiting the peaks in order of height (where a height is NaN). */
function markByOrdering(
  peaks: ArrayLike<number>,
  heights: Float64Array,
  minimumGap: number,
  keep: Uint8Array,
) {
  const size = peaks.length;
  const span = size > 0 ? (peaks[size - 1] as number) - (peaks[0] as number) + 1 : 0;
  if (size < BUCKET_MINIMUM || minimumGap * size < BUCKET_WINDOW_PEAKS * span) {
    // Sorted once; equal priorities stay in index order, so walking from the end visits the rightmost first.
    return visitInOrder(stableAscendingOrder(heights), peaks, keep, minimumGap, size);
  }
  return selectByBuckets(peaks, heights, keep, minimumGap);
}

function markPositions(keep: Uint8Array, positions: Int32Array, count: number) {
  for (let n = 0; n < count; n++) keep[positions[n] as number] = 1;
}

// Each loop below sits in a function of its own, given its lengths and returning right after the loop. V8
// compiles a long loop on its first call while it runs (on-stack replacement), before the code around it
// has type feedback; such code reached later left the compiled loop again on every call, which made the
// filter's time vary twofold between runs.

function visitInOrder(
  order: Int32Array,
  peaks: ArrayLike<number>,
  keep: Uint8Array,
  gap: number,
  size: number,
) {
  let kept = 0;
  for (let position = size; position-- > 0;) {
    const j = order[position] as number;
    if (keep[j] !== 0) {
      dropNeighbours(peaks, keep, j, gap);
      kept++;
    }
  }
  return kept;
}

/** Clears `keep` for every peak closer than `gap` samples to peak `j` (which stays kept). */
function dropNeighbours(peaks: ArrayLike<number>, keep: Uint8Array, j: number, gap: number) {
  const size = keep.length;
  const peak = peaks[j] as number;
  for (let k = j - 1; k >= 0 && peak - (peaks[k] as number) < gap; k--) keep[k] = 0;
  for (let k = j + 1; k < size && (peaks[k] as number) - peak < gap; k++) keep[k] = 0;
}

/**
 * The plain rule's visiting order without sorting every peak: the peaks go into buckets by their height
 * rounded to single precision (rounding keeps the order; the bit patterns, made unsigned, are in numeric
 * order) and the buckets are visited from the highest. Only the peaks of a bucket still undecided when it is
 * reached are ordered exactly (by the doubles, the rightmost first among equal); the others would be passed
 * over by the walk anyway. Low peaks next to a higher kept one are the most, so most buckets are mostly
 * decided before they are reached. The buckets split the range of the peaks' keys only, about one bucket per
 * PEAKS_PER_BUCKET peaks, so the histogram costs about as much as the peaks.
 */
function selectByBuckets(peaks: ArrayLike<number>, heights: Float64Array, keep: Uint8Array, gap: number) {
  const size = keep.length;
  const bucketBits = Math.min(MAXIMUM_BUCKET_BITS, Math.ceil(Math.log2(size / PEAKS_PER_BUCKET)));
  reserve(size, 1 << bucketBits);
  const keys = keyWords;
  const starts = bucketStarts;
  const members = bucketMembers;
  const range = fillKeys(heights, roundedHeights, keys, size);
  const lowest = keyRange[0] as number;
  const shift = Math.max(0, 32 - Math.clz32(range) - bucketBits);
  const buckets = (range >>> shift) + 1;
  starts.fill(0, 0, buckets + 1);
  countBuckets(keys, starts, size, lowest, shift);
  accumulate(starts, buckets);
  placeMembers(keys, starts, members, size);
  return visitBuckets(peaks, heights, keep, gap, members, starts, buckets, size);
}

/** The lowest key of the last `fillKeys`. */
const keyRange = new Uint32Array(1);

/**
 * Writes each height's order-preserving unsigned key into `keys` (which shares `rounded`'s buffer); returns
 * the largest key less the smallest, and leaves the smallest in `keyRange[0]`.
 */
function fillKeys(heights: Float64Array, rounded: Float32Array, keys: Uint32Array, size: number): number {
  let lowest = 0xffffffff;
  let highest = 0;
  for (let i = 0; i < size; i++) {
    rounded[i] = (heights[i] as number) + 0; // −0 becomes +0
    const word = keys[i] as number;
    // Unsigned patterns in numeric order: flip negatives entirely, set the sign bit of the rest.
    const key = (word & 0x80000000 ? ~word : word | 0x80000000) >>> 0;
    keys[i] = key;
    lowest = Math.min(lowest, key);
    highest = Math.max(highest, key);
  }
  keyRange[0] = lowest;
  return highest - lowest;
}

/** Replaces each key by its bucket and counts bucket b's peaks in `starts[b + 1]`. */
function countBuckets(keys: Uint32Array, starts: Int32Array, size: number, lowest: number, shift: number) {
  for (let i = 0; i < size; i++) {
    const bucket = ((keys[i] as number) - lowest) >>> shift;
    keys[i] = bucket;
    starts[bucket + 1]!++;
  }
}

function accumulate(starts: Int32Array, buckets: number) {
  for (let b = 0; b < buckets; b++) starts[b + 1]! += starts[b] as number;
}

/**
 * Lists the peaks by bucket, filled from the last peak down and each bucket from its end: a bucket's members
 * stay in index order, and bucket b's start is left in `starts[b + 1]`.
 */
function placeMembers(keys: Uint32Array, starts: Int32Array, members: Int32Array, size: number) {
  for (let i = size; i-- > 0;) {
    const slot = (starts[(keys[i] as number) + 1] as number) - 1;
    starts[(keys[i] as number) + 1] = slot;
    members[slot] = i;
  }
}

function visitBuckets(
  peaks: ArrayLike<number>,
  heights: Float64Array,
  keep: Uint8Array,
  gap: number,
  members: Int32Array,
  starts: Int32Array,
  buckets: number,
  size: number,
) {
  let to = size;
  let kept = 0;
  for (let bucket = buckets - 1; bucket >= 0; bucket--) {
    const from = starts[bucket + 1] as number;
    const end = moveUndecidedToFront(members, keep, from, to);
    to = from;
    if (end - from > 1) orderForVisit(members, heights, from, end);
    for (let i = from; i < end; i++) {
      const j = members[i] as number;
      if (keep[j] !== 0) {
        dropNeighbours(peaks, keep, j, gap);
        kept++;
      }
    }
  }
  return kept;
}

/** Moves the still-undecided members of `members[from, to)` to its front; returns where they end. */
function moveUndecidedToFront(members: Int32Array, keep: Uint8Array, from: number, to: number): number {
  let end = from;
  // Written whatever its mark, counted when undecided: no branch on the marks (end never passes m).
  for (let m = from; m < to; m++) {
    const j = members[m] as number;
    members[end] = j;
    end += keep[j] as number;
  }
  return end;
}

/** Up to this many members an insertion sort beats the built-in sort's set-up (as in `sortRange`). */
const INSERTION_MAXIMUM = 32;

/** Orders `members[from, end)` (in index order) by height, higher first and among equal the rightmost. */
function orderForVisit(members: Int32Array, heights: Float64Array, from: number, end: number) {
  if (end - from > INSERTION_MAXIMUM) {
    // Equal infinities differ by NaN: the index decides.
    const visitedFirst = (a: number, b: number) => {
      const difference = (heights[b] as number) - (heights[a] as number);
      return difference > 0 || difference < 0 ? difference : b - a;
    };
    sortRange(members, from, end, visitedFirst);
    return;
  }
  // The same order by insertion, the comparisons written out (no comparator call per step).
  for (let i = from + 1; i < end; i++) {
    const entry = members[i] as number;
    const height = heights[entry] as number;
    let position = i - 1;
    while (position >= from) {
      const other = members[position] as number;
      const difference = height - (heights[other] as number);
      if (!(difference > 0 || (!(difference < 0) && entry > other))) break;
      members[position + 1] = other;
      position--;
    }
    members[position + 1] = entry;
  }
}
