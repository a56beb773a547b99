import { describe, expect, it } from 'vitest';
import { amountFromCalibrationCurve } from './amountFromCalibrationCurve.ts';
import { calibrateExternalStandard } from './externalStandardCalibration.ts';

describe('calibrateExternalStandard', () => {
  it('fits the least-squares line over two or more amount levels, with each standard’s residual', () => {
    const line = calibrateExternalStandard([
      { amount: 0.5, area: 89_653 },
      { amount: 1, area: 184_838 },
      { amount: 3, area: 467_579 },
      { amount: 6, area: 960_509 },
    ]);
    if (!line?.ok) throw new Error('expected a line');
    expect(line.model).toBe('linear');
    expect(line.slope).toBeCloseTo(156_585, -1);
    expect(line.intercept).toBeCloseTo(14_608, -1);
    expect(line.rSquared).toBeCloseTo(0.998868, 5);
    const first = line.residuals[0]!;
    expect(first.fitted).toBeCloseTo(line.intercept + line.slope * 0.5, 6);
    expect(first.residual).toBeCloseTo(89_653 - first.fitted, 6);
    expect(first.backCalculatedAmount).toBeCloseTo((89_653 - line.intercept) / line.slope, 12);
  });

  it('uses the response factor RF = A_std/C_std through the origin for one level', () => {
    const line = calibrateExternalStandard([
      { amount: 10, area: 200 },
      { amount: 10, area: 220 },
    ]);
    if (!line?.ok) throw new Error('expected a line');
    expect(line).toMatchObject({ model: 'single_point', intercept: 0, rSquared: null });
    expect(line.slope).toBeCloseTo(21, 12);
    expect(amountFromCalibrationCurve({ ...line, curvature: 0 }, 105)).toBeCloseTo(5, 12);
    expect(line.residuals.map((point) => point.residual)).toEqual([
      expect.closeTo(-10, 9),
      expect.closeTo(10, 9),
    ]);
  });

  it('leaves out standards without a positive amount or a finite area, yet gives their residuals', () => {
    expect(calibrateExternalStandard([{ amount: 0, area: 5 }])).toBeNull();
    const line = calibrateExternalStandard([
      { amount: 2, area: 40 },
      { amount: -1, area: 7 },
      { amount: 4, area: Number.NaN },
    ]);
    if (!line?.ok) throw new Error('expected a line');
    expect(line.model).toBe('single_point');
    expect(line.slope).toBeCloseTo(20, 12);
    expect(line.residuals.map((point) => point.amount)).toEqual([2, -1, 4]);
    expect(line.residuals[1]!.residual).toBeCloseTo(27, 9);
  });

  it('names the reason when the standards give a flat line', () => {
    expect(
      calibrateExternalStandard([
        { amount: 1, area: 0 },
        { amount: 2, area: 0 },
      ]),
    ).toMatchObject({ ok: false, reason: 'calibration_flat' });
  });
});
