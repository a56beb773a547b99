import type { CalibrationFailure, CalibrationResidual } from './calibrationModel.ts';
import { calibrationResiduals } from './calibrationResiduals.ts';
import { fitCalibrationModel } from './fitCalibrationModel.ts';

/** A standard's known amount and the area of its analyte's peak. */
export interface StandardPoint {
  amount: number;
  area: number;
}

/** The line a sequence's standards give one analyte: area = intercept + slope × amount. */
export interface ExternalStandardCalibration {
  ok: true;
  /** One amount level: a response factor through the origin; two or more: least squares. */
  model: 'single_point' | 'linear';
  slope: number;
  intercept: number;
  /** R² of the least-squares line; null for a single level. */
  rSquared: number | null;
  /** Every given standard's fitted area, residual and back-calculated amount, in the order given. */
  residuals: CalibrationResidual[];
}

/**
 * External-standard calibration (reference/processing.md §2.7), the default of a component without a model
 * of its own: standards with a positive amount and a finite area count; one amount level gives the
 * single-point response factor RF = A_std/C_std (replicates pooled as Σxy/Σx², the unweighted line through
 * the origin), two or more the ordinary least-squares line — both fitted by `fitCalibrationModel`. Residuals
 * are given for every standard, counted or not. Null when no standard counts; a failure (its reason) when
 * the standards give no usable line.
 * @example calibrateExternalStandard([{ amount: 10, area: 200 }]) // { ok: true, model: 'single_point', slope: 20, … }
 */
export function calibrateExternalStandard(
  points: readonly StandardPoint[],
): ExternalStandardCalibration | CalibrationFailure | null {
  const usable = points
    .filter((point) => point.amount > 0 && Number.isFinite(point.area))
    .map((point) => ({ amount: point.amount, response: point.area }));
  if (usable.length === 0) return null;
  const singleLevel = new Set(usable.map((point) => point.amount)).size === 1;
  const fit = fitCalibrationModel(usable, { model: singleLevel ? 'linear_through_origin' : 'linear' });
  if (!fit.ok) return fit;
  const curve = { intercept: fit.intercept, slope: fit.slope, curvature: 0 };
  return {
    ok: true,
    model: singleLevel ? 'single_point' : 'linear',
    slope: fit.slope,
    intercept: fit.intercept,
    rSquared: singleLevel ? null : fit.rSquared,
    residuals: calibrationResiduals(
      curve,
      points.map((point) => ({ amount: point.amount, response: point.area })),
    ),
  };
}
