// External-standard calibration (reference/processing.md §2.7): one level → single-point response factor
// through the origin; two or more levels → ordinary least squares y = a + b·x with R² = 1 − SS_res/SS_tot.

export interface CalibrationPoint {
  amount: number;
  area: number;
}

export interface CalibrationFit {
  model: 'single_point' | 'linear';
  slope: number;
  intercept: number;
  rSquared: number | null;
}

/** Fits area against amount; null when no point has a positive amount. */
export function fitCalibration(points: readonly CalibrationPoint[]): CalibrationFit | null {
  const usable = points.filter((p) => p.amount > 0 && Number.isFinite(p.area));
  if (usable.length === 0) return null;
  const levels = new Set(usable.map((p) => p.amount));
  if (levels.size === 1) {
    const slope = usable.reduce((sum, p) => sum + p.area / p.amount, 0) / usable.length;
    return { model: 'single_point', slope, intercept: 0, rSquared: null };
  }
  const n = usable.length;
  const meanX = usable.reduce((sum, p) => sum + p.amount, 0) / n;
  const meanY = usable.reduce((sum, p) => sum + p.area, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let ssTot = 0;
  for (const p of usable) {
    sxy += (p.amount - meanX) * (p.area - meanY);
    sxx += (p.amount - meanX) ** 2;
    ssTot += (p.area - meanY) ** 2;
  }
  const slope = sxy / sxx;
  const intercept = meanY - slope * meanX;
  const ssRes = usable.reduce((sum, p) => sum + (p.area - intercept - slope * p.amount) ** 2, 0);
  return { model: 'linear', slope, intercept, rSquared: ssTot > 0 ? 1 - ssRes / ssTot : 1 };
}

/** Back-calculation C_x = (A_x − a)/b; null when the slope cannot be inverted. */
export function amountFromArea(
  fit: Pick<CalibrationFit, 'slope' | 'intercept'>,
  area: number,
): number | null {
  if (!(Math.abs(fit.slope) > 0)) return null;
  return (area - fit.intercept) / fit.slope;
}
