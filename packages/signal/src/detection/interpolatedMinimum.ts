/**
 * Time of a valley (of a dip when `sign` is −1) from the parabola through the lowest sample and its two
 * neighbours; the sample's own time when the three are not convex.
 */
export function interpolatedMinimum(
  timeSec: ArrayLike<number>,
  values: ArrayLike<number>,
  index: number,
  sign: 1 | -1 = 1,
): number {
  const t = timeSec[index] as number;
  if (index <= 0 || index >= values.length - 1) return t;
  const a = sign * (values[index - 1] as number);
  const b = sign * (values[index] as number);
  const c = sign * (values[index + 1] as number);
  const curvature = a - 2 * b + c;
  if (!(curvature > 0)) return t;
  const delta = (0.5 * (a - c)) / curvature;
  const step = delta < 0 ? t - (timeSec[index - 1] as number) : (timeSec[index + 1] as number) - t;
  return t + Math.max(-0.5, Math.min(0.5, delta)) * step;
}
