import { describe, expect, it } from 'vitest';
import { calibrationPlotData } from './calibrationPlotData.ts';
import type { Calibration } from './sequencesApi.ts';

const residual = (amount: number, area: number, fitted: number) => ({
  amount,
  area,
  fitted,
  residual: area - fitted,
  residual_percent: (100 * (area - fitted)) / fitted,
  back_calculated_amount: null,
});

const calibration = (changes: Partial<Calibration>): Calibration => ({
  id: 1,
  sequence_id: 1,
  analyte: 'caffeine',
  bracket: 0,
  amount_unit: 'µg/mL',
  model: 'linear',
  weighting: 'none',
  slope: 10,
  intercept: 1,
  curvature: 0,
  r_squared: 0.99,
  residual_sd: 1,
  points: [],
  residuals: [residual(1, 12, 11), residual(2, 20, 21), residual(2, 22, 21)],
  problem: null,
  created_at: '2026-01-01T00:00:00Z',
  ...changes,
});

describe('calibrationPlotData', () => {
  it('draws the curve on a grid through every level and both replicates of a level', () => {
    const data = calibrationPlotData(calibration({}))!;
    expect(data.replicates).toBe(2);
    const [xs, curve, first, second] = data.curve;
    expect(xs!.at(-1)).toBeCloseTo(2.2, 12);
    const at2 = xs!.indexOf(2);
    expect(curve![at2]).toBe(21);
    expect([first![at2], second![at2]]).toEqual([20, 22]);
    expect(second![xs!.indexOf(1)]).toBeNull();
    expect(data.residuals).toEqual([
      [1, 2],
      [0, 0],
      [1, -1],
      [null, 1],
    ]);
    expect(data.amountRange[1]).toBeCloseTo(2.2, 12);
    // 1.2 × the largest residual (1), more than 1 % of the largest area (22).
    expect(data.residualRange).toEqual([-1.2, 1.2]);
  });

  it('keeps residuals that are rounding error on the zero line: at least 1 % of the largest area', () => {
    const data = calibrationPlotData(
      calibration({ residuals: [residual(1, 100, 100 - 1e-13), residual(2, 200, 200)] }),
    )!;
    expect(data.residualRange).toEqual([-2, 2]);
  });

  it('bends with the curvature of a quadratic and has nothing to draw without a curve', () => {
    const [xs, curve] = calibrationPlotData(calibration({ curvature: -1 }))!.curve;
    expect(curve![xs!.indexOf(2)]).toBe(1 + 20 - 4);
    expect(calibrationPlotData(calibration({ slope: null, intercept: null }))).toBeNull();
  });
});
