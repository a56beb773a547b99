/** Calibration models of a component (reference/processing.md §2.7). */
export const calibrationModels = [
  'linear',
  'linear_through_origin',
  'quadratic',
  'average_response_factor',
] as const;
export type CalibrationModelName = (typeof calibrationModels)[number];

/** Least-squares weights: 1, 1/x or 1/x² (x the amount). */
export const calibrationWeightings = ['none', '1/x', '1/x2'] as const;
export type CalibrationWeighting = (typeof calibrationWeightings)[number];

/** Distinct positive amount levels each model needs. */
export const minimumLevels: Record<CalibrationModelName, number> = {
  linear: 2,
  linear_through_origin: 1,
  quadratic: 3,
  average_response_factor: 1,
};

/** One standard injection of a component: its known amount and its peak's response (area). */
export interface CalibrationPoint {
  amount: number;
  response: number;
}

/** Why a calibration could not be fitted (messages live in the contracts catalogue). */
export type CalibrationRefusal =
  | 'calibration_too_few_levels'
  | 'calibration_amount_not_positive'
  | 'calibration_not_finite'
  | 'calibration_flat';

/** A point's fitted response and its residual (response − fitted). */
export interface CalibrationResidual extends CalibrationPoint {
  fitted: number;
  residual: number;
  /** 100 × residual / fitted; null where the fitted response is 0. */
  residualPercent: number | null;
  /** The amount the curve reads back for this point's response. */
  backCalculatedAmount: number | null;
}

/** response = intercept + slope × amount + curvature × amount². */
export interface CalibrationCoefficients {
  intercept: number;
  slope: number;
  curvature: number;
}

export interface CalibrationFit extends CalibrationCoefficients {
  ok: true;
  model: CalibrationModelName;
  /** The weighting used; always 'none' for the average response factor. */
  weighting: CalibrationWeighting;
  /** R² = 1 − SS_res/SS_tot on unweighted residuals; null when every response is equal. */
  rSquared: number | null;
  /** s_y/x = √(SS_res/(n − p)), p the number of coefficients; null without a degree of freedom. */
  residualSd: number | null;
  /** Distinct amount levels the fit used. */
  levels: number;
  /** One per point, in the order given. */
  residuals: CalibrationResidual[];
  /** %RSD of the points' response factors (area/amount); the figure of merit of an average RF. */
  responseFactorRsdPercent: number | null;
}

export interface CalibrationFailure {
  ok: false;
  model: CalibrationModelName;
  reason: CalibrationRefusal;
  /** Distinct amount levels needed and given (for calibration_too_few_levels). */
  levelsNeeded: number;
  levelsGiven: number;
}

export type CalibrationOutcome = CalibrationFit | CalibrationFailure;
