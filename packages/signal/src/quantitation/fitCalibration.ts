export interface CalibrationOptions {
  /** Force the line through the origin (b = Σwxy/Σwx²). @default false */
  throughOrigin?: boolean;
  /** Weights of the least squares: none, 1/x or 1/x². @default 'none' */
  weighting?: 'none' | '1/x' | '1/x2';
}

/** Calibration line response = intercept + slope × amount. */
export interface Calibration {
  slope: number;
  intercept: number;
  /** R² = 1 − SS_res/SS_tot (unweighted residuals). */
  rSquared: number;
  /** s_y/x = √(SS_res/(n − 2)) (n − 1 through the origin). */
  residualSd: number;
}

/**
 * Least-squares calibration line through (amount, response) points, optionally weighted and through the
 * origin (reference/processing.md §2.7). @throws when fewer than 2 points (1 through the origin) or amounts
 * are all equal.
 * @example fitCalibration([{ amount: 1, response: 10 }, { amount: 2, response: 20 }]).slope // 10
 */
export function fitCalibration(
  points: readonly { amount: number; response: number }[],
  options: CalibrationOptions = {},
): Calibration {
  const throughOrigin = options.throughOrigin ?? false;
  const weighting = options.weighting ?? 'none';
  if (points.length < (throughOrigin ? 1 : 2)) {
    throw new Error(`calibration needs at least ${throughOrigin ? 1 : 2} standards`);
  }
  for (const point of points) {
    if (!Number.isFinite(point.amount) || !Number.isFinite(point.response)) {
      throw new Error('calibration amounts and responses must be finite numbers');
    }
    if (weighting !== 'none' && !(point.amount > 0))
      throw new Error('weighted calibration needs amounts > 0');
  }
  const weight = (x: number) => (weighting === '1/x' ? 1 / x : weighting === '1/x2' ? 1 / (x * x) : 1);
  let sw = 0;
  let swx = 0;
  let swy = 0;
  for (const { amount, response } of points) {
    const w = weight(amount);
    sw += w;
    swx += w * amount;
    swy += w * response;
  }
  let slope: number;
  let intercept: number;
  if (throughOrigin) {
    let sxy = 0;
    let sxx = 0;
    for (const { amount, response } of points) {
      sxy += weight(amount) * amount * response;
      sxx += weight(amount) * amount * amount;
    }
    if (sxx === 0) throw new Error('calibration amounts must not all be zero');
    slope = sxy / sxx;
    intercept = 0;
  } else {
    const meanX = swx / sw;
    const meanY = swy / sw;
    let sxy = 0;
    let sxx = 0;
    for (const { amount, response } of points) {
      const w = weight(amount);
      sxy += w * (amount - meanX) * (response - meanY);
      sxx += w * (amount - meanX) ** 2;
    }
    if (sxx === 0) throw new Error('calibration amounts must not all be equal');
    slope = sxy / sxx;
    intercept = meanY - slope * meanX;
  }
  const meanResponse = points.reduce((sum, p) => sum + p.response, 0) / points.length;
  let ssRes = 0;
  let ssTot = 0;
  for (const { amount, response } of points) {
    ssRes += (response - intercept - slope * amount) ** 2;
    ssTot += (response - meanResponse) ** 2;
  }
  const freedom = points.length - (throughOrigin ? 1 : 2);
  return {
    slope,
    intercept,
    rSquared: ssTot > 0 ? 1 - ssRes / ssTot : 1,
    residualSd: freedom > 0 ? Math.sqrt(ssRes / freedom) : 0,
  };
}

/**
 * Back-calculation C_x = (A_x − a)/b; null when the slope cannot be inverted or the amount is not finite.
 * @example amountFromResponse({ slope: 2, intercept: 1 }, 5) // 2
 */
export function amountFromResponse(
  calibration: Pick<Calibration, 'slope' | 'intercept'>,
  response: number,
): number | null {
  if (!(Math.abs(calibration.slope) > 0)) return null;
  const amount = (response - calibration.intercept) / calibration.slope;
  return Number.isFinite(amount) ? amount : null;
}
