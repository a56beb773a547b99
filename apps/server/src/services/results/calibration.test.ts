import { describe, expect, it } from 'vitest';
import { amountFromArea, fitCalibration } from './calibration.ts';

describe('fitCalibration', () => {
  it('reproduces the hplc-py lactose calibration of the processing reference', () => {
    const fit = fitCalibration([
      { amount: 0.5, area: 89_653 },
      { amount: 1, area: 184_838 },
      { amount: 3, area: 467_579 },
      { amount: 6, area: 960_509 },
    ])!;
    expect(fit.model).toBe('linear');
    expect(fit.slope).toBeCloseTo(156_585, -1);
    expect(fit.intercept).toBeCloseTo(14_608, -1);
    expect(fit.rSquared).toBeCloseTo(0.998868, 5);
    expect(amountFromArea(fit, 156_585 * 8.119 + 14_608)).toBeCloseTo(8.119, 3);
  });

  it('uses a response factor through the origin for one level', () => {
    const fit = fitCalibration([
      { amount: 10, area: 200 },
      { amount: 10, area: 220 },
    ])!;
    expect(fit).toEqual({ model: 'single_point', slope: 21, intercept: 0, rSquared: null });
    expect(amountFromArea(fit, 105)).toBe(5);
  });

  it('has nothing to fit without a positive amount', () => {
    expect(fitCalibration([{ amount: 0, area: 5 }])).toBeNull();
  });
});
