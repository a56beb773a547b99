/**
 * The k-th smallest value (0-based) in O(n) on average, equal to `Float64Array.from(values).sort()[k]`:
 * NaN sorts last (−0 and +0 count as equal). Works on a scratch copy; the input is never reordered.
 * @example kthSmallest([5, 1, 4, 2, 3], 2) // 3
 */
export function kthSmallest(values: ArrayLike<number>, k: number): number {
  const n = values.length;
  if (!(k >= 0 && k < n) || !Number.isInteger(k)) throw new RangeError(`k = ${k} is outside 0…${n - 1}`);
  const scratch = new Float64Array(n);
  let size = 0;
  for (let i = 0; i < n; i++) {
    const value = values[i] as number;
    if (value === value) scratch[size++] = value;
  }
  return kthSmallestInPlace(scratch.subarray(0, size), k);
}

/**
 * `kthSmallest` on a buffer the caller owns and no longer needs in its order: it is partially reordered,
 * nothing is copied. The buffer must hold no NaN; returns NaN when k is past its end.
 */
export function kthSmallestInPlace(scratch: Float64Array, k: number): number {
  const size = scratch.length;
  if (k >= size) return Number.NaN;
  // Hoare partitioning around the current k-th element (Wirth): runs of equal values split evenly.
  let low = 0;
  let high = size - 1;
  while (low < high) {
    const pivot = scratch[k] as number;
    let i = low;
    let j = high;
    do {
      while ((scratch[i] as number) < pivot) i++;
      while (pivot < (scratch[j] as number)) j--;
      if (i <= j) {
        const swap = scratch[i] as number;
        scratch[i] = scratch[j] as number;
        scratch[j] = swap;
        i++;
        j--;
      }
    } while (i <= j);
    if (j < k) low = i;
    if (k < i) high = j;
  }
  return scratch[k] as number;
}
