import { describe, expect, it } from 'vitest';
import { amountFromCalibrationCurve } from '../src/quantitation/amountFromCalibrationCurve.ts';
import type { CalibrationModelName, CalibrationWeighting } from '../src/quantitation/calibrationModel.ts';
import { fitCalibrationModel } from '../src/quantitation/fitCalibrationModel.ts';
import { readFixture } from './files.ts';

// Known answers from fixtures/make_calibration_fixture.py: numpy.linalg.lstsq (SVD) on the √w-scaled
// design, an independent method from our Householder QR.
interface Case {
  dataSet: string;
  model: CalibrationModelName;
  weighting: CalibrationWeighting;
  intercept: number;
  slope: number;
  curvature: number;
  rSquared: number;
  residualSd: number;
  residuals: number[];
  unknowns: Array<{ response: number; amount: number | null }>;
}
const fixture = JSON.parse(readFixture('calibration_models.json')) as {
  dataSets: Record<string, { amount: number[]; response: number[] }>;
  cases: Case[];
};

/** Relative agreement to 1e-9 of the larger magnitude (absolute below 1e-9 of the data's scale). */
function expectClose(actual: number | null, expected: number | null, scale: number) {
  expect(actual).not.toBeNull();
  expect(Math.abs(actual! - expected!)).toBeLessThanOrEqual(1e-9 * Math.max(Math.abs(expected!), scale));
}

describe('calibration models against numpy', () => {
  it('covers every model and weighting on three data sets', () => {
    const combinations = new Set(fixture.cases.map((c) => `${c.model} ${c.weighting}`));
    expect(combinations.size).toBe(10);
    expect(new Set(fixture.cases.map((c) => c.dataSet)).size).toBe(3);
  });

  for (const known of fixture.cases) {
    it(`${known.dataSet}: ${known.model}, weighting ${known.weighting}`, () => {
      const data = fixture.dataSets[known.dataSet]!;
      const points = data.amount.map((amount, i) => ({ amount, response: data.response[i]! }));
      const fit = fitCalibrationModel(points, { model: known.model, weighting: known.weighting });
      if (!fit.ok) throw new Error(`refused: ${fit.reason}`);
      const scale = Math.max(...data.response);
      expectClose(fit.intercept, known.intercept, scale);
      expectClose(fit.slope, known.slope, scale / Math.max(...data.amount));
      expectClose(fit.curvature, known.curvature, scale / Math.max(...data.amount) ** 2);
      expectClose(fit.rSquared, known.rSquared, 1);
      expectClose(fit.residualSd, known.residualSd, scale);
      fit.residuals.forEach((point, i) => expectClose(point.residual, known.residuals[i]!, scale));
      const middle = (Math.min(...data.amount) + Math.max(...data.amount)) / 2;
      for (const unknown of known.unknowns) {
        expectClose(amountFromCalibrationCurve(fit, unknown.response, middle), unknown.amount, 1);
      }
    });
  }

  it('reproduces the worked lactose example of the reference (slope 156,585, R² 0.998868)', () => {
    const data = fixture.dataSets.lactose!;
    const fit = fitCalibrationModel(
      data.amount.map((amount, i) => ({ amount, response: data.response[i]! })),
    );
    expect(fit.ok && fit.slope).toBeCloseTo(156_585, 0);
    expect(fit.ok && fit.intercept).toBeCloseTo(14_608.6, 0);
    expect(fit.ok && fit.rSquared).toBeCloseTo(0.998868, 6);
  });
});

describe('calibration refusals', () => {
  it('says how many levels a model needs instead of returning NaN', () => {
    const two = [
      { amount: 1, response: 10 },
      { amount: 2, response: 21 },
    ];
    expect(fitCalibrationModel(two, { model: 'quadratic' })).toEqual({
      ok: false,
      model: 'quadratic',
      reason: 'calibration_too_few_levels',
      levelsNeeded: 3,
      levelsGiven: 2,
    });
    const replicates = [
      { amount: 5, response: 10 },
      { amount: 5, response: 11 },
    ];
    expect(fitCalibrationModel(replicates)).toMatchObject({
      ok: false,
      reason: 'calibration_too_few_levels',
      levelsNeeded: 2,
      levelsGiven: 1,
    });
    expect(fitCalibrationModel([])).toMatchObject({ ok: false, reason: 'calibration_too_few_levels' });
  });

  it('takes one level for the response factor and through the origin', () => {
    const one = [
      { amount: 10, response: 200 },
      { amount: 10, response: 220 },
    ];
    const average = fitCalibrationModel(one, { model: 'average_response_factor', weighting: '1/x' });
    expect(average).toMatchObject({ ok: true, slope: 21, intercept: 0, weighting: 'none', levels: 1 });
    expect(average.ok && average.responseFactorRsdPercent).toBeCloseTo((100 * Math.SQRT2) / 21, 10);
    expect(fitCalibrationModel(one, { model: 'linear_through_origin' })).toMatchObject({
      ok: true,
      slope: 21,
    });
  });

  it('refuses amounts that are not positive, values that are not finite and a flat curve', () => {
    expect(
      fitCalibrationModel([
        { amount: 0, response: 1 },
        { amount: 1, response: 2 },
      ]),
    ).toMatchObject({ ok: false, reason: 'calibration_amount_not_positive' });
    expect(
      fitCalibrationModel([
        { amount: 1, response: Number.NaN },
        { amount: 2, response: 2 },
      ]),
    ).toMatchObject({ ok: false, reason: 'calibration_not_finite' });
    expect(
      fitCalibrationModel([
        { amount: 1, response: 3 },
        { amount: 2, response: 3 },
      ]),
    ).toMatchObject({ ok: false, reason: 'calibration_flat' });
  });

  it('gives no R² when every response is equal and no s_y/x without a degree of freedom', () => {
    const fit = fitCalibrationModel([
      { amount: 1, response: 2 },
      { amount: 2, response: 4 },
    ]);
    expect(fit).toMatchObject({ ok: true, slope: 2, rSquared: 1, residualSd: null });
  });
});

describe('back-calculation on a quadratic', () => {
  it('reads the root on the branch of the calibrated range, none beyond the vertex', () => {
    // response = 10x − 0.1x² rises up to its vertex at x = 50 (response 250); 90 is read at x = 10 and 90.
    const curve = { intercept: 0, slope: 10, curvature: -0.1 };
    expect(amountFromCalibrationCurve(curve, 90, 10)).toBeCloseTo(10, 10);
    expect(amountFromCalibrationCurve(curve, 90, 80)).toBeCloseTo(90, 10);
    expect(amountFromCalibrationCurve(curve, 251, 10)).toBeNull();
  });
});
