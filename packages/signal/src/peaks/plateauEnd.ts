/**
 * The end of the plateau starting at `i` (values[i] === values[i + 1]): the first index after it whose value
 * differs, or the last index.
 */
export function plateauEnd(values: Float64Array, i: number, last: number): number {
  const top = values[i] as number;
  let ahead = i + 1;
  while ((values[ahead] as number) === top && ahead < last) ahead++;
  return ahead;
}
