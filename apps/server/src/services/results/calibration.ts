// A sequence's calibration per component from its standards' newest results: the component's model and
// weighting when the template gives one (packages/signal fits it), else the sequence default (one amount
// level: response factor through the origin; two or more: least squares). A component that cannot be
// calibrated is stored with its reason: not found in the standards, too few levels, …
import type { CalibrationProblem } from '@eluent/contracts';
import {
  amountFromCalibrationCurve,
  calibrateExternalStandard,
  fitCalibrationModel,
  type CalibrationModelName,
} from '@eluent/signal';
import type { CalibrationsTable } from '../../db/sequences-schema.ts';
import type { Insertable } from 'kysely';
import type { ExpectedComponent } from './components.ts';

export interface StandardPoint {
  amount: number;
  area: number;
  measurement_id: number;
}

/** The stored curve of a component, enough to read a sample's amount back. */
export interface SequenceCurve {
  intercept: number;
  slope: number;
  curvature: number;
  /** Middle of the calibrated amounts: picks the branch of a quadratic. */
  rangeMiddle: number;
}

export type CalibrationValues = Omit<
  Insertable<CalibrationsTable>,
  'id' | 'sequence_id' | 'created_at' | 'owner_id' | 'workspace_id'
>;

/** One component's calibration row (curve or problem) and the curve samples are read through. */
export function calibrateComponent(
  name: string,
  points: readonly StandardPoint[],
  component: ExpectedComponent | undefined,
  notFound: CalibrationProblem | undefined,
  amountUnit: string,
): { values: CalibrationValues; curve: SequenceCurve | null } {
  const base = {
    analyte: name,
    amount_unit: component?.amountUnit ?? amountUnit,
    points: JSON.stringify(points),
  };
  const problemRow = (model: CalibrationModelName | 'single_point', problem: CalibrationProblem) => ({
    values: {
      ...base,
      model,
      weighting: component?.weighting ?? 'none',
      slope: null,
      intercept: null,
      r_squared: null,
      problem: JSON.stringify(problem),
    },
    curve: null,
  });
  const model = component?.model ?? null;
  if (points.length === 0 && notFound) return problemRow(model ?? 'linear', notFound);
  const amounts = points.map((p) => p.amount);
  const rangeMiddle = amounts.length > 0 ? (Math.min(...amounts) + Math.max(...amounts)) / 2 : 0;
  if (model === null) {
    const line = calibrateExternalStandard(points);
    if (!line) return problemRow('linear', notFound ?? { code: 'calibration_amount_not_positive' });
    const residuals = points.map((point) => {
      const fitted = line.intercept + line.slope * point.amount;
      return residualOf(point, fitted, amountFromCalibrationCurve({ ...line, curvature: 0 }, point.area));
    });
    return {
      values: {
        ...base,
        model: line.model,
        slope: line.slope,
        intercept: line.intercept,
        r_squared: line.rSquared,
        residuals: JSON.stringify(residuals),
      },
      curve: { intercept: line.intercept, slope: line.slope, curvature: 0, rangeMiddle },
    };
  }
  const fit = fitCalibrationModel(
    points.map((p) => ({ amount: p.amount, response: p.area })),
    { model, weighting: component!.weighting },
  );
  if (!fit.ok) {
    const problem: CalibrationProblem =
      fit.reason === 'calibration_too_few_levels'
        ? { code: fit.reason, model, levels_needed: fit.levelsNeeded, levels_given: fit.levelsGiven }
        : { code: fit.reason };
    return problemRow(model, problem);
  }
  return {
    values: {
      ...base,
      model,
      weighting: fit.weighting,
      slope: fit.slope,
      intercept: fit.intercept,
      curvature: fit.curvature,
      r_squared: fit.rSquared,
      residual_sd: fit.residualSd,
      residuals: JSON.stringify(
        fit.residuals.map((r, i) => residualOf(points[i]!, r.fitted, r.backCalculatedAmount)),
      ),
    },
    curve: { intercept: fit.intercept, slope: fit.slope, curvature: fit.curvature, rangeMiddle },
  };
}

function residualOf(point: StandardPoint, fitted: number, backCalculated: number | null) {
  const residual = point.area - fitted;
  return {
    amount: point.amount,
    area: point.area,
    fitted,
    residual,
    residual_percent: fitted === 0 ? null : (100 * residual) / fitted,
    back_calculated_amount: backCalculated,
    measurement_id: point.measurement_id,
  };
}

/** A sample peak's amount through its component's curve; null without a curve or beyond a quadratic's vertex. */
export function amountOf(curve: SequenceCurve | null | undefined, area: number): number | null {
  return curve ? amountFromCalibrationCurve(curve, area, curve.rangeMiddle) : null;
}
