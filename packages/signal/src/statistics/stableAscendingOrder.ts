/** Below this size a comparison sort beats the radix passes and their histograms. */
const RADIX_MINIMUM = 2048;

const littleEndian = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * Indices that sort `keys` ascending, equal keys kept in index order (a stable argsort; −0 equals +0).
 * Large inputs use a least-significant-digit radix sort on the IEEE-754 bits: O(n), no comparator calls.
 * Keys must not be NaN.
 * @example stableAscendingOrder(Float64Array.of(2, 1, 2, 0)) // Int32Array [3, 1, 0, 2]
 */
export function stableAscendingOrder(keys: Float64Array): Int32Array {
  const n = keys.length;
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  if (n < RADIX_MINIMUM) {
    return order.sort((a, b) => (keys[a] as number) - (keys[b] as number) || a - b);
  }
  // Map each double to an unsigned 64-bit pattern (high, low words) whose order is the numeric order.
  const normalised = new Float64Array(n);
  for (let i = 0; i < n; i++) normalised[i] = (keys[i] as number) + 0;
  // Transformed in place (the copy is ours): flip negatives entirely, set the sign bit of the rest.
  const words = new Uint32Array(normalised.buffer);
  const highWord = littleEndian ? 1 : 0;
  const lowWord = 1 - highWord;
  for (let i = 0; i < 2 * n; i += 2) {
    const h = words[i + highWord] as number;
    if (h & 0x80000000) {
      words[i + highWord] = ~h >>> 0;
      words[i + lowWord] = ~(words[i + lowWord] as number) >>> 0;
    } else words[i + highWord] = (h | 0x80000000) >>> 0;
  }
  let source = order;
  let target = new Int32Array(n);
  const counts = new Int32Array(65536);
  for (let pass = 0; pass < 4; pass++) {
    const offset = pass < 2 ? lowWord : highWord;
    const shift = pass % 2 === 0 ? 0 : 16;
    counts.fill(0);
    for (let i = 0; i < n; i++) {
      const digit = ((words[2 * i + offset] as number) >>> shift) & 0xffff;
      counts[digit] = (counts[digit] as number) + 1;
    }
    // A digit shared by every key leaves the order unchanged.
    if (counts[((words[offset] as number) >>> shift) & 0xffff] === n) continue;
    let total = 0;
    for (let d = 0; d < 65536; d++) {
      const count = counts[d] as number;
      counts[d] = total;
      total += count;
    }
    for (let position = 0; position < n; position++) {
      const index = source[position] as number;
      const digit = ((words[2 * index + offset] as number) >>> shift) & 0xffff;
      const slot = counts[digit] as number;
      target[slot] = index;
      counts[digit] = slot + 1;
    }
    const swap = source;
    source = target;
    target = swap;
  }
  return source;
}
