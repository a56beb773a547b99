/** Up to this many entries an insertion sort beats the built-in sort's set-up. */
const INSERTION_MAXIMUM = 32;

/**
 * Sorts `array[from, end)` in place by `compare` (stable): insertion for short ranges, which is what the
 * callers' ranges nearly always are (runs of equal rounded keys), the built-in sort for longer ones.
 * @example sortRange(Int32Array.of(3, 1, 2), 0, 3, (a, b) => a - b) // Int32Array [1, 2, 3]
 */
export function sortRange(
  array: Int32Array,
  from: number,
  end: number,
  compare: (a: number, b: number) => number,
): void {
  if (end - from > INSERTION_MAXIMUM) {
    array.subarray(from, end).sort(compare);
    return;
  }
  for (let i = from + 1; i < end; i++) {
    const entry = array[i] as number;
    let position = i - 1;
    while (position >= from && compare(array[position] as number, entry) > 0) {
      array[position + 1] = array[position] as number;
      position--;
    }
    array[position + 1] = entry;
  }
}
