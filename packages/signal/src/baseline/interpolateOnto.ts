/**
 * Linear interpolation of (xs, ys) at each of `targets` (xs increasing); outside the range the end values
 * are held. Used to put a blank run onto the sample's time grid — never subtract by index.
 */
export function interpolateOnto(
  xs: ArrayLike<number>,
  ys: ArrayLike<number>,
  targets: ArrayLike<number>,
): Float64Array {
  if (xs.length !== ys.length || xs.length === 0)
    throw new RangeError('interpolation needs matching, non-empty x and y');
  const result = new Float64Array(targets.length);
  let j = 0;
  const last = xs.length - 1;
  for (let i = 0; i < targets.length; i++) {
    const t = targets[i] as number;
    if (t <= (xs[0] as number)) {
      result[i] = ys[0] as number;
      continue;
    }
    if (t >= (xs[last] as number)) {
      result[i] = ys[last] as number;
      continue;
    }
    // Targets usually increase, so the search resumes where it stopped.
    if (j > 0 && (xs[j] as number) > t) j = 0;
    while ((xs[j + 1] as number) < t) j++;
    const x0 = xs[j] as number;
    const x1 = xs[j + 1] as number;
    result[i] = (ys[j] as number) + (((ys[j + 1] as number) - (ys[j] as number)) * (t - x0)) / (x1 - x0);
  }
  return result;
}
