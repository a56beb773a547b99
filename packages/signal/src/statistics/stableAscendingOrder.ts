import { sortRange } from './sortRange.ts';

/** Below this size a comparison sort beats the radix passes and their histograms. */
const RADIX_MINIMUM = 2048;
const RADIX_BINS = 2048;
const RADIX_MASK = RADIX_BINS - 1;

/**
 * Indices that sort `keys` ascending, equal keys kept in index order (a stable argsort; −0 equals +0).
 * Large inputs: a three-pass radix sort on the keys rounded to single precision (rounding keeps the order,
 * it can only merge neighbours), then each run of equal rounded keys is ordered exactly by the doubles.
 * O(n) for real signals, no comparator calls outside those short runs. Keys must not be NaN.
 * @example stableAscendingOrder(Float64Array.of(2, 1, 2, 0)) // Int32Array [3, 1, 0, 2]
 */
export function stableAscendingOrder(keys: Float64Array): Int32Array {
  const n = keys.length;
  const exact = (a: number, b: number) => (keys[a] as number) - (keys[b] as number) || a - b;
  if (n < RADIX_MINIMUM) return Int32Array.from({ length: n }, (_, i) => i).sort(exact);
  const rounded = new Float32Array(n);
  for (let i = 0; i < n; i++) rounded[i] = (keys[i] as number) + 0;
  // Unsigned patterns in numeric order: flip negatives entirely, set the sign bit of the rest.
  const bits = new Uint32Array(rounded.buffer);
  for (let i = 0; i < n; i++) {
    const word = bits[i] as number;
    bits[i] = word & 0x80000000 ? ~word >>> 0 : (word | 0x80000000) >>> 0;
  }
  // Three passes of 11, 11 and 10 bits: small histograms (all counted in one read) suit the few thousand to
  // few hundred thousand keys this sorts.
  const counts = new Int32Array(3 * RADIX_BINS);
  for (let i = 0; i < n; i++) {
    const word = bits[i] as number;
    counts[word & RADIX_MASK]!++;
    counts[RADIX_BINS + ((word >>> 11) & RADIX_MASK)]!++;
    counts[2 * RADIX_BINS + (word >>> 22)]!++;
  }
  for (let pass = 0; pass < 3; pass++) {
    let total = 0;
    for (let d = pass * RADIX_BINS; d < (pass + 1) * RADIX_BINS; d++) {
      const count = counts[d] as number;
      counts[d] = total;
      total += count;
    }
  }
  let order = new Int32Array(n);
  let sortedBits = bits;
  let nextOrder = new Int32Array(n);
  let nextBits = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  for (let pass = 0; pass < 3; pass++) {
    const shift = 11 * pass;
    const offset = pass * RADIX_BINS;
    // Keys travel with their indices, so the reads stay sequential.
    for (let position = 0; position < n; position++) {
      const word = sortedBits[position] as number;
      const digit = offset + ((word >>> shift) & RADIX_MASK);
      const slot = counts[digit] as number;
      counts[digit] = slot + 1;
      nextOrder[slot] = order[position] as number;
      nextBits[slot] = word;
    }
    [order, nextOrder] = [nextOrder, order];
    [sortedBits, nextBits] = [nextBits, sortedBits];
  }
  // Equal rounded keys may hide different doubles: order each run exactly (stable: index breaks ties).
  let start = 0;
  while (start < n) {
    let end = start + 1;
    while (end < n && sortedBits[end] === sortedBits[start]) end++;
    sortRange(order, start, end, exact);
    start = end;
  }
  return order;
}
