import { describe, expect, it } from 'vitest';
import { backCalculatedOf, deviationText } from './back-calculated.ts';

const calibrations = [
  {
    analyte: 'caffeine',
    residuals: [
      { measurement_id: 1, amount: 25, back_calculated_amount: 24.5 },
      // Injected at twice the first standard's volume: 100 µg/mL stands for 200 on the curve.
      { measurement_id: 2, amount: 200, back_calculated_amount: 204 },
    ],
  },
];

describe('backCalculatedOf', () => {
  it('reads a standard back through its curve with its deviation from nominal', () => {
    expect(backCalculatedOf(calibrations, 1, 'caffeine', 25)).toEqual({
      amount: 24.5,
      nominal: 25,
      deviationPercent: expect.closeTo(-2, 12),
    });
  });

  it('puts a point of another injection volume back on the standard own scale', () => {
    expect(backCalculatedOf(calibrations, 2, 'caffeine', 100)).toEqual({
      amount: expect.closeTo(102, 12),
      nominal: 100,
      deviationPercent: expect.closeTo(2, 12),
    });
  });

  it('answers null for what is no point of a curve', () => {
    expect(backCalculatedOf(calibrations, 3, 'caffeine', 25)).toBeNull();
    expect(backCalculatedOf(calibrations, 1, 'theobromine', 25)).toBeNull();
  });
});

describe('deviationText', () => {
  it('signs a deviation and never prints a signed zero', () => {
    expect(deviationText(0.5234)).toBe('+0.52 %');
    expect(deviationText(-1.6)).toBe('−1.60 %');
    expect(deviationText(-0.001)).toBe('0.00 %');
    expect(deviationText(null)).toBe('—');
  });
});
