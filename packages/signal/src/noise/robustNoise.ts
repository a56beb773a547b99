/**
 * Robust estimate of the white-noise standard deviation: median absolute first difference / (0.6745·√2).
 * Peaks and drift barely move it, which makes it a safe scale for tolerances.
 */
export function robustNoiseSd(values: ArrayLike<number>): number {
  const n = values.length;
  if (n < 3) return 0;
  const differences = new Float64Array(n - 1);
  for (let i = 1; i < n; i++)
    differences[i - 1] = Math.abs((values[i] as number) - (values[i - 1] as number));
  differences.sort();
  return (differences[differences.length >> 1] as number) / (0.6745 * Math.SQRT2);
}
