import type { CalibrationCoefficients } from './calibrationModel.ts';

/**
 * Back-calculation: the amount whose response on the curve is `response`. A line: (A − a)/b. A quadratic:
 * the root on the branch where the curve runs the way it runs at the middle of the calibrated range
 * (`rangeMiddle`), so a curve bending over never reads an amount beyond its vertex. Null when the curve
 * cannot be inverted there (flat, or the response beyond the vertex).
 * @example amountFromCalibrationCurve({ intercept: 1, slope: 2, curvature: 0 }, 5) // 2
 */
export function amountFromCalibrationCurve(
  curve: CalibrationCoefficients,
  response: number,
  rangeMiddle = 0,
): number | null {
  const { intercept, slope, curvature } = curve;
  if (curvature === 0) {
    if (!(Math.abs(slope) > 0)) return null;
    const amount = (response - intercept) / slope;
    return Number.isFinite(amount) ? amount : null;
  }
  const c = intercept - response;
  const discriminant = slope * slope - 4 * curvature * c;
  if (!(discriminant >= 0)) return null;
  // The numerically stable pair of roots (no cancellation between slope and √discriminant).
  const q = -0.5 * (slope + Math.sign(slope || 1) * Math.sqrt(discriminant));
  const roots = [q / curvature, q === 0 ? Number.NaN : c / q].filter(Number.isFinite);
  const direction = Math.sign(slope + 2 * curvature * rangeMiddle);
  const onBranch = roots.filter((root) => Math.sign(slope + 2 * curvature * root) === direction);
  return onBranch.length > 0 ? onBranch[0]! : null;
}
