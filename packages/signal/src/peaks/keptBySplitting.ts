/**
 * The distance rule (`selectByPeakDistance`) without ordering the peaks. The rule visits the peaks from the
 * highest (among equal heights the rightmost first) and drops every peak closer than the gap to a kept one.
 * The highest peak of the whole list is kept, and it drops its close neighbours only: the peaks left of them
 * and those right of them are then more than the gap apart, so each side is the same rule on a shorter list.
 * Splitting at each side's highest peak in turn keeps the same peaks as the rule, and finding a range's
 * highest peak takes a scan of two blocks at most beside one look-up in a table of block maxima.
 */

/** Peaks per block of the range-maximum table (2^BLOCK_BITS); ranges within two blocks are scanned. */
const BLOCK_BITS = 5;
const BLOCK = 1 << BLOCK_BITS;

// Work buffers reused between calls, grown on demand: the table of block maxima (level k holds the highest
// peak of 2^k blocks from each block on, positions in the list; about 2 bytes a peak), the stack of ranges
// still to split, and the kept positions in ascending order (both bounded by the most peaks the gap lets
// stay).
let table = new Int32Array(0);
let stack = new Int32Array(0);
let keptBuffer = new Int32Array(0);

/**
 * The positions (in `peaks`) of the peaks the distance rule keeps, ascending, in a work buffer valid until
 * the next call; null when a height is NaN (the rule's order is then the sorting paths' own).
 * `peaks` ascending, `gap` (the distance rounded up) at least 2.
 * @example Array.from(keptBySplitting(Int32Array.of(1, 3, 5), Float64Array.of(1, 2, 1), 3)!) // [1]
 */
export function keptBySplitting(peaks: Int32Array, heights: Float64Array, gap: number): Int32Array | null {
  const size = peaks.length;
  if (size === 0) return new Int32Array(0);
  const blocks = (size + BLOCK - 1) >> BLOCK_BITS;
  const levels = 32 - Math.clz32(blocks);
  // Kept peaks are the gap apart at least: no more than the span over the gap, plus one. The stack holds the
  // kept peaks whose right side waits, each with that side below it, and the range on top.
  const most = Math.min(size, Math.floor(((peaks[size - 1] as number) - (peaks[0] as number)) / gap) + 1);
  if (table.length < levels * blocks) table = new Int32Array(levels * blocks);
  if (stack.length < 4 * most + 4) stack = new Int32Array(4 * most + 4);
  if (keptBuffer.length < most) keptBuffer = new Int32Array(most);
  if (!fillBlockMaxima(heights, table, size, blocks)) return null;
  fillLevels(heights, table, blocks, levels);
  const count = split(peaks, heights, gap, table, blocks, stack, keptBuffer);
  return keptBuffer.subarray(0, count);
}

// Each loop sits in a function of its own, given its lengths and returning right after it (see
// selectByPeakDistance.ts: a long loop compiled mid-run before the code around it has type feedback).

/** Level 0: each block's highest peak (the rightmost of equal ones). False when a height is NaN. */
function fillBlockMaxima(heights: Float64Array, table: Int32Array, size: number, blocks: number): boolean {
  let nan = 0;
  for (let b = 0; b < blocks; b++) {
    const from = b << BLOCK_BITS;
    const to = Math.min(size, from + BLOCK);
    let best = from;
    let top = heights[from] as number;
    for (let k = from; k < to; k++) {
      const height = heights[k] as number;
      nan |= Number(height !== height);
      // −0 and +0 are equal heights here, as in the rule.
      if (height >= top) {
        best = k;
        top = height;
      }
    }
    table[b] = best;
  }
  return nan === 0;
}

/** Level k: the higher of level k − 1's entries at b and at b + 2^(k − 1) (the right one when equal). */
function fillLevels(heights: Float64Array, table: Int32Array, blocks: number, levels: number) {
  for (let level = 1; level < levels; level++) {
    const half = 1 << (level - 1);
    const base = level * blocks;
    const below = base - blocks;
    for (let b = 0; b + 2 * half <= blocks; b++) {
      const left = table[below + b] as number;
      const right = table[below + b + half] as number;
      table[base + b] = (heights[right] as number) >= (heights[left] as number) ? right : left;
    }
  }
}

/** Whether position p is visited before position q: higher, or as high and further right. */
function visitedBefore(heights: Float64Array, p: number, q: number): boolean {
  const hp = heights[p] as number;
  const hq = heights[q] as number;
  return hp > hq || (hp === hq && p > q);
}

/** The position visited first among [from, to) by a scan (the rightmost of equal heights). */
function scanHighest(heights: Float64Array, from: number, to: number): number {
  let best = from;
  let top = heights[from] as number;
  for (let k = from + 1; k < to; k++) {
    const height = heights[k] as number;
    if (height >= top) {
      best = k;
      top = height;
    }
  }
  return best;
}

/** The position visited first among [from, to) (not empty). */
function highest(heights: Float64Array, table: Int32Array, blocks: number, from: number, to: number): number {
  const first = (from >> BLOCK_BITS) + 1;
  const last = ((to - 1) >> BLOCK_BITS) - 1;
  if (first > last) return scanHighest(heights, from, to);
  // The blocks first..last whole, from two entries of the level that covers them (they may overlap).
  const level = 31 - Math.clz32(last - first + 1);
  const left = table[level * blocks + first] as number;
  const right = table[level * blocks + last - (1 << level) + 1] as number;
  let best = scanHighest(heights, from, first << BLOCK_BITS);
  if (visitedBefore(heights, left, best)) best = left;
  if (visitedBefore(heights, right, best)) best = right;
  const tail = scanHighest(heights, (last + 1) << BLOCK_BITS, to);
  return visitedBefore(heights, tail, best) ? tail : best;
}

/**
 * Splits [0, size) at its highest peak, then each side in turn, left before right, so the kept positions
 * come out ascending. A stack entry is a range [from, to), or a kept position m stored as (−1 − m, 0).
 */
function split(
  peaks: Int32Array,
  heights: Float64Array,
  gap: number,
  table: Int32Array,
  blocks: number,
  stack: Int32Array,
  kept: Int32Array,
): number {
  let count = 0;
  let top = 0;
  stack[top++] = 0;
  stack[top++] = peaks.length;
  while (top > 0) {
    const to = stack[--top] as number;
    const from = stack[--top] as number;
    if (from < 0) {
      kept[count++] = -1 - from;
      continue;
    }
    const m = highest(heights, table, blocks, from, to);
    const peak = peaks[m] as number;
    let right = m + 1;
    while (right < to && (peaks[right] as number) - peak < gap) right++;
    let left = m - 1;
    while (left >= from && peak - (peaks[left] as number) < gap) left--;
    if (right < to) {
      stack[top++] = right;
      stack[top++] = to;
    }
    stack[top++] = -1 - m;
    stack[top++] = 0;
    if (left >= from) {
      stack[top++] = from;
      stack[top++] = left + 1;
    }
  }
  return count;
}
