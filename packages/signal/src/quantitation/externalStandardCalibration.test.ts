import { describe, expect, it } from 'vitest';
import { amountFromResponse } from './fitCalibration.ts';
import { calibrateExternalStandard } from './externalStandardCalibration.ts';

describe('calibrateExternalStandard', () => {
  it('fits the least-squares line over two or more amount levels', () => {
    const line = calibrateExternalStandard([
      { amount: 0.5, area: 89_653 },
      { amount: 1, area: 184_838 },
      { amount: 3, area: 467_579 },
      { amount: 6, area: 960_509 },
    ])!;
    expect(line.model).toBe('linear');
    expect(line.slope).toBeCloseTo(156_585, -1);
    expect(line.intercept).toBeCloseTo(14_608, -1);
    expect(line.rSquared).toBeCloseTo(0.998868, 5);
  });

  it('uses the response factor RF = A_std/C_std through the origin for one level', () => {
    const line = calibrateExternalStandard([
      { amount: 10, area: 200 },
      { amount: 10, area: 220 },
    ]);
    expect(line).toEqual({ model: 'single_point', slope: 21, intercept: 0, rSquared: null });
    expect(amountFromResponse(line!, 105)).toBe(5);
  });

  it('leaves out standards without a positive amount or a finite area', () => {
    expect(calibrateExternalStandard([{ amount: 0, area: 5 }])).toBeNull();
    expect(
      calibrateExternalStandard([
        { amount: 2, area: 40 },
        { amount: -1, area: 7 },
        { amount: 4, area: Number.NaN },
      ]),
    ).toEqual({ model: 'single_point', slope: 20, intercept: 0, rSquared: null });
  });
});
