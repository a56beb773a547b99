/**
 * The values as a Float64Array: the array itself when it already is one (never copied, never mutated),
 * otherwise a copy. Hot loops then read one element kind only.
 */
export function asFloat64Array(values: ArrayLike<number>): Float64Array {
  return values instanceof Float64Array ? values : Float64Array.from(values);
}
