import { calibrationResiduals } from './calibrationResiduals.ts';
import {
  minimumLevels,
  type CalibrationFailure,
  type CalibrationModelName,
  type CalibrationOutcome,
  type CalibrationPoint,
  type CalibrationWeighting,
} from './calibrationModel.ts';
import { weightedLeastSquares } from './weightedLeastSquares.ts';

export interface CalibrationModelOptions {
  /** @default 'linear' */
  model?: CalibrationModelName;
  /** Weights of the least squares; ignored by the average response factor. @default 'none' */
  weighting?: CalibrationWeighting;
}

const designRow: Record<Exclude<CalibrationModelName, 'average_response_factor'>, (x: number) => number[]> = {
  linear: (x) => [1, x],
  linear_through_origin: (x) => [x],
  quadratic: (x) => [1, x, x * x],
};

function weightOf(weighting: CalibrationWeighting, amount: number): number {
  switch (weighting) {
    case 'none':
      return 1;
    case '1/x':
      return 1 / amount;
    case '1/x2':
      return 1 / (amount * amount);
  }
}

function coefficientsOf(
  model: CalibrationModelName,
  weighting: CalibrationWeighting,
  points: readonly CalibrationPoint[],
): { intercept: number; slope: number; curvature: number } | null {
  if (model === 'average_response_factor') {
    const factors = points.map((p) => p.response / p.amount);
    return { intercept: 0, slope: factors.reduce((s, f) => s + f, 0) / factors.length, curvature: 0 };
  }
  const solution = weightedLeastSquares(
    points.map((p) => designRow[model](p.amount)),
    points.map((p) => p.response),
    points.map((p) => weightOf(weighting, p.amount)),
  );
  if (!solution) return null;
  switch (model) {
    case 'linear':
      return { intercept: solution[0]!, slope: solution[1]!, curvature: 0 };
    case 'linear_through_origin':
      return { intercept: 0, slope: solution[0]!, curvature: 0 };
    case 'quadratic':
      return { intercept: solution[0]!, slope: solution[1]!, curvature: solution[2]! };
  }
}

/**
 * Fits a component's calibration curve (reference/processing.md §2.7): linear, linear through the origin,
 * quadratic or the average response factor, weighted 1, 1/x or 1/x². Returns the coefficients, R², s_y/x and
 * each point's residual and back-calculated amount; a set it cannot fit (too few distinct amount levels for
 * the model, an amount ≤ 0, a non-finite value, a flat curve) is a failure with its reason, never NaN.
 * @example fitCalibrationModel([{ amount: 1, response: 10 }, { amount: 2, response: 20 }]).ok // true
 */
export function fitCalibrationModel(
  points: readonly CalibrationPoint[],
  options: CalibrationModelOptions = {},
): CalibrationOutcome {
  const model = options.model ?? 'linear';
  const weighting = model === 'average_response_factor' ? 'none' : (options.weighting ?? 'none');
  const levelsGiven = new Set(points.map((p) => p.amount)).size;
  const levelsNeeded = minimumLevels[model];
  const fail = (reason: CalibrationFailure['reason']): CalibrationFailure => ({
    ok: false,
    model,
    reason,
    levelsNeeded,
    levelsGiven,
  });
  if (points.some((p) => !Number.isFinite(p.amount) || !Number.isFinite(p.response)))
    return fail('calibration_not_finite');
  // Amounts ≤ 0 cannot carry 1/x weights or a response factor; a zero standard is a blank, not a level.
  if (points.some((p) => !(p.amount > 0))) return fail('calibration_amount_not_positive');
  if (levelsGiven < levelsNeeded) return fail('calibration_too_few_levels');
  const curve = coefficientsOf(model, weighting, points);
  const amounts = points.map((p) => p.amount);
  const largestAmount = Math.max(...amounts);
  const largestResponse = Math.max(...points.map((p) => Math.abs(p.response)));
  const rise =
    Math.abs(curve?.slope ?? 0) * largestAmount + Math.abs(curve?.curvature ?? 0) * largestAmount ** 2;
  // A curve whose rise over the range is rounding error reads no amount back.
  if (!curve || !(rise > 1e-12 * largestResponse)) return fail('calibration_flat');

  const rangeMiddle = (Math.min(...amounts) + Math.max(...amounts)) / 2;
  const meanResponse = points.reduce((s, p) => s + p.response, 0) / points.length;
  const residuals = calibrationResiduals(curve, points, rangeMiddle);
  const ssRes = residuals.reduce((sum, r) => sum + r.residual ** 2, 0);
  const ssTot = points.reduce((sum, p) => sum + (p.response - meanResponse) ** 2, 0);
  const parameters = model === 'quadratic' ? 3 : model === 'linear' ? 2 : 1;
  const freedom = points.length - parameters;
  return {
    ok: true,
    model,
    weighting,
    ...curve,
    rSquared: ssTot > 0 ? 1 - ssRes / ssTot : null,
    residualSd: freedom > 0 ? Math.sqrt(ssRes / freedom) : null,
    levels: levelsGiven,
    residuals,
    responseFactorRsdPercent: relativeSdPercent(points.map((p) => p.response / p.amount)),
  };
}

/** 100 × SD/mean (n − 1); null for fewer than two values or a zero mean. */
export function relativeSdPercent(values: readonly number[]): number | null {
  if (values.length < 2) return null;
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  if (mean === 0) return null;
  const variance = values.reduce((s, v) => s + (v - mean) ** 2, 0) / (values.length - 1);
  return (100 * Math.sqrt(variance)) / Math.abs(mean);
}
