import { describe, expect, it } from 'vitest';
import type { Peak } from '../figures/peak.ts';
import { amountFromResponse, fitCalibration } from './fitCalibration.ts';
import { quantify, responseFactor } from './quantify.ts';

describe('fitCalibration', () => {
  // hplc-py lactose standards (processing.md §2.7).
  const standards = [
    { amount: 0.5, response: 89653 },
    { amount: 1, response: 184838 },
    { amount: 3, response: 467579 },
    { amount: 6, response: 960509 },
  ];
  it('reproduces the worked least-squares example', () => {
    const line = fitCalibration(standards);
    expect(line.slope).toBeCloseTo(156585, -1);
    expect(line.intercept).toBeCloseTo(14608, -1);
    expect(line.rSquared).toBeCloseTo(0.998868, 5);
  });
  it('goes through the origin and weights by 1/x', () => {
    const exact = [1, 2, 4].map((amount) => ({ amount, response: 10 * amount }));
    expect(fitCalibration(exact, { throughOrigin: true }).slope).toBeCloseTo(10, 12);
    const noisy = [...exact, { amount: 8, response: 90 }];
    const plain = fitCalibration(noisy);
    const weighted = fitCalibration(noisy, { weighting: '1/x' });
    // 1/x weighting trusts the small standards more, so the line bends less towards the outlier.
    expect(Math.abs(amountFromResponse(weighted, 10) - 1)).toBeLessThan(
      Math.abs(amountFromResponse(plain, 10) - 1),
    );
  });
  it('rejects too few standards', () => {
    expect(() => fitCalibration([{ amount: 1, response: 1 }])).toThrow(
      'calibration needs at least 2 standards',
    );
  });
});

describe('quantify', () => {
  const peak = (retentionTimeSec: number, area: number) => ({ retentionTimeSec, area }) as Peak;
  const peaks = [peak(100, 50), peak(200, 400), peak(205, 20)];
  it('matches by expected retention time within the window and reads the amount', () => {
    const [result] = quantify(peaks, [
      { name: 'A', expectedRetentionTimeSec: 198, windowSec: 10, responseFactor: responseFactor(200, 1) },
    ]);
    expect(result).toMatchObject({ ok: true, amount: 2, peakIndex: 1 });
  });
  it('reports the spec §8 measurement errors', () => {
    const analyte = { name: 'A', expectedRetentionTimeSec: 300, windowSec: 5, responseFactor: 2 };
    expect(quantify(null, [analyte])[0]).toMatchObject({ error: 'measurement_no_injection' });
    expect(quantify(peaks, [analyte])[0]).toMatchObject({ error: 'measurement_no_peak' });
    expect(quantify(peaks, [{ ...analyte, hasStandard: false }])[0]).toMatchObject({
      error: 'measurement_no_standard',
    });
    expect(
      quantify(peaks, [{ ...analyte, expectedRetentionTimeSec: 100, responseFactor: null }])[0],
    ).toMatchObject({
      error: 'measurement_no_response_factor',
    });
  });
});
