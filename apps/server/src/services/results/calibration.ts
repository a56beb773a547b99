// A sequence's calibration per component from its standards' newest results: the component's model and
// weighting when the template gives one (packages/signal fits it), else the sequence default (one amount
// level: response factor through the origin; two or more: least squares). A component that cannot be
// calibrated is stored with its reason: not found in the standards, too few levels, …
import type { CalibrationProblem } from '@eluent/contracts';
import {
  amountFromCalibrationCurve,
  calibrateExternalStandard,
  fitCalibrationModel,
  type CalibrationFailure,
  type CalibrationModelName,
  type CalibrationResidual,
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
    if (!line?.ok) {
      return problemRow(
        'linear',
        notFound ?? (line ? problemOf(line) : { code: 'calibration_amount_not_positive' }),
      );
    }
    return {
      values: {
        ...base,
        model: line.model,
        slope: line.slope,
        intercept: line.intercept,
        r_squared: line.rSquared,
        residuals: JSON.stringify(residualsOf(points, line.residuals)),
      },
      curve: { intercept: line.intercept, slope: line.slope, curvature: 0, rangeMiddle },
    };
  }
  const fit = fitCalibrationModel(
    points.map((p) => ({ amount: p.amount, response: p.area })),
    { model, weighting: component!.weighting },
  );
  if (!fit.ok) return problemRow(model, problemOf(fit));
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
      residuals: JSON.stringify(residualsOf(points, fit.residuals)),
    },
    curve: { intercept: fit.intercept, slope: fit.slope, curvature: fit.curvature, rangeMiddle },
  };
}

/** Why the standards give no curve, as the stored problem. */
function problemOf(failure: CalibrationFailure): CalibrationProblem {
  return failure.reason === 'calibration_too_few_levels'
    ? {
        code: failure.reason,
        model: failure.model,
        levels_needed: failure.levelsNeeded,
        levels_given: failure.levelsGiven,
      }
    : { code: failure.reason };
}

/** The residuals packages/signal computed, one per standard, stored with the standard's measurement. */
function residualsOf(points: readonly StandardPoint[], residuals: readonly CalibrationResidual[]) {
  return residuals.map((residual, index) => ({
    amount: residual.amount,
    area: residual.response,
    fitted: residual.fitted,
    residual: residual.residual,
    residual_percent: residual.residualPercent,
    back_calculated_amount: residual.backCalculatedAmount,
    measurement_id: points[index]!.measurement_id,
  }));
}

/** A sample peak's amount through its component's curve; null without a curve or beyond a quadratic's vertex. */
export function amountOf(curve: SequenceCurve | null | undefined, area: number): number | null {
  return curve ? amountFromCalibrationCurve(curve, area, curve.rangeMiddle) : null;
}
