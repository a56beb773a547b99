import { describe, expect, it } from 'vitest';
import { amountFromResponse, fitCalibration } from './fitCalibration.ts';

describe('fitCalibration', () => {
  // hplc-py lactose standards (reference/processing.md §2.7).
  const lactose = [
    { amount: 0.5, response: 89_653 },
    { amount: 1, response: 184_838 },
    { amount: 3, response: 467_579 },
    { amount: 6, response: 960_509 },
  ];

  it('reproduces the worked least-squares example: slope, intercept and R²', () => {
    const line = fitCalibration(lactose);
    expect(line.slope).toBeCloseTo(156_585, -1);
    expect(line.intercept).toBeCloseTo(14_608, -1);
    expect(line.rSquared).toBeCloseTo(0.998868, 5);
    expect(amountFromResponse(line, 156_585 * 8.119 + 14_608)).toBeCloseTo(8.119, 3);
  });

  it('fits through the origin as b = Σxy/Σx²', () => {
    // Σxy = 2 + 9 + 16.5 = 27.5, Σx² = 14.
    const line = fitCalibration(
      [
        { amount: 1, response: 2 },
        { amount: 2, response: 4.5 },
        { amount: 3, response: 5.5 },
      ],
      { throughOrigin: true },
    );
    expect(line.slope).toBeCloseTo(27.5 / 14, 12);
    expect(line.intercept).toBe(0);
  });

  it('weights by 1/x: the normal equations give b = 14/13, a = 2/13 and R² = 142/169', () => {
    // w = 1, 1/2, 1/4: Σw = 7/4, Σwx = 3, Σwy = 7/2, Σwx² = 7, Σwxy = 8.
    const line = fitCalibration(
      [
        { amount: 1, response: 1 },
        { amount: 2, response: 3 },
        { amount: 4, response: 4 },
      ],
      { weighting: '1/x' },
    );
    expect(line.slope).toBeCloseTo(14 / 13, 12);
    expect(line.intercept).toBeCloseTo(2 / 13, 12);
    // R² = 1 − SS_res/SS_tot on unweighted residuals: SS_res = 126/169, SS_tot = 42/9.
    expect(line.rSquared).toBeCloseTo(142 / 169, 12);
    expect(line.residualSd).toBeCloseTo(Math.sqrt(126 / 169), 12);
  });

  it('rejects too few standards and equal amounts', () => {
    expect(() => fitCalibration([{ amount: 1, response: 1 }])).toThrow(
      'calibration needs at least 2 standards',
    );
    expect(() =>
      fitCalibration([
        { amount: 1, response: 1 },
        { amount: 1, response: 2 },
      ]),
    ).toThrow('calibration amounts must not all be equal');
  });
});

describe('amountFromResponse', () => {
  it('reads C_x = (A_x − a)/b back, and nothing through a flat line', () => {
    expect(amountFromResponse({ slope: 2, intercept: 1 }, 5)).toBe(2);
    expect(amountFromResponse({ slope: 0, intercept: 1 }, 5)).toBeNull();
  });
});
