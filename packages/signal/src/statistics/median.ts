import quickselect from 'quickselect';
/**
 * The median of `values`: the middle one, or the mean of the two middle ones for an even count; NaN for none.
 * @example median([3, 1, 2, 10]) // 2.5
 */
export function median(values: ArrayLike<number>): number {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * The median of `values`, reordering them in place (quickselect, linear time: the spike filter reads two
 * medians of a whole run's length on every automatic processing); NaN for none.
 */
export function medianInPlace(values: Float64Array): number {
  const n = values.length;
  if (n === 0) return Number.NaN;
  const middle = n >> 1;
  // quickselect's typing names arrays; it only reads, writes and compares elements by index.
  quickselect(values as unknown as number[], middle);
  if (n % 2) return values[middle]!;
  let below = -Infinity;
  for (let i = 0; i < middle; i++) below = Math.max(below, values[i]!);
  return (below + values[middle]!) / 2;
}
