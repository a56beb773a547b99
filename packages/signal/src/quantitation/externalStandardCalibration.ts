import { fitCalibration } from './fitCalibration.ts';

/** A standard's known amount and the area of its analyte's peak. */
export interface StandardPoint {
  amount: number;
  area: number;
}

/** The line a sequence's standards give one analyte: area = intercept + slope × amount. */
export interface ExternalStandardCalibration {
  /** One amount level: a response factor through the origin; two or more: least squares. */
  model: 'single_point' | 'linear';
  slope: number;
  intercept: number;
  /** R² of the least-squares line; null for a single level. */
  rSquared: number | null;
}

/**
 * External-standard calibration (reference/processing.md §2.7): standards with a positive amount and a
 * finite area count; one amount level gives the single-point response factor RF = A_std/C_std (replicates
 * pooled as Σxy/Σx², their mean RF), two or more the ordinary least-squares line. Null when no standard
 * counts.
 * @example calibrateExternalStandard([{ amount: 10, area: 200 }]) // { model: 'single_point', slope: 20, … }
 */
export function calibrateExternalStandard(
  points: readonly StandardPoint[],
): ExternalStandardCalibration | null {
  const usable = points
    .filter((point) => point.amount > 0 && Number.isFinite(point.area))
    .map((point) => ({ amount: point.amount, response: point.area }));
  if (usable.length === 0) return null;
  if (new Set(usable.map((point) => point.amount)).size === 1) {
    const { slope } = fitCalibration(usable, { throughOrigin: true });
    return { model: 'single_point', slope, intercept: 0, rSquared: null };
  }
  const { slope, intercept, rSquared } = fitCalibration(usable);
  return { model: 'linear', slope, intercept, rSquared };
}
