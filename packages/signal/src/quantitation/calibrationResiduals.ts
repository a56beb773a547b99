import { amountFromCalibrationCurve } from './amountFromCalibrationCurve.ts';
import type { CalibrationCoefficients, CalibrationPoint, CalibrationResidual } from './calibrationModel.ts';

/**
 * Each point's fitted response on the curve, its residual (response − fitted, and in % of the fitted
 * response) and the amount the curve reads back for its response, in the order given.
 * @example calibrationResiduals({ intercept: 0, slope: 2, curvature: 0 }, [{ amount: 1, response: 3 }])[0].residual // 1
 */
export function calibrationResiduals(
  curve: CalibrationCoefficients,
  points: readonly CalibrationPoint[],
  rangeMiddle = 0,
): CalibrationResidual[] {
  return points.map((point) => {
    const fitted = curve.intercept + curve.slope * point.amount + curve.curvature * point.amount ** 2;
    const residual = point.response - fitted;
    return {
      amount: point.amount,
      response: point.response,
      fitted,
      residual,
      residualPercent: fitted === 0 ? null : (100 * residual) / fitted,
      backCalculatedAmount: amountFromCalibrationCurve(curve, point.response, rangeMiddle),
    };
  });
}
