import { kthSmallest, kthSmallestInPlace } from '../statistics/kthSmallest.ts';

/**
 * Robust estimate of the white-noise standard deviation: median absolute first difference / (0.6745·√2).
 * Peaks and drift barely move it, which makes it a safe scale for tolerances. O(n) (selection, no sort).
 */
export function robustNoiseSd(
  values: ArrayLike<number>,
  /** Work buffer of at least n − 1 values, overwritten; saves an allocation. @default a new one */
  scratch?: Float64Array,
): number {
  const n = values.length;
  if (n < 3) return 0;
  const differences =
    scratch && scratch.length >= n - 1 ? scratch.subarray(0, n - 1) : new Float64Array(n - 1);
  let finite = true;
  for (let i = 1; i < n; i++) {
    const difference = Math.abs((values[i] as number) - (values[i - 1] as number));
    differences[i - 1] = difference;
    if (difference !== difference) finite = false;
  }
  const middle = differences.length >> 1;
  // NaN differences sort last, as in a full sort; kthSmallest sets them aside.
  const median = finite ? kthSmallestInPlace(differences, middle) : kthSmallest(differences, middle);
  return median / (0.6745 * Math.SQRT2);
}
