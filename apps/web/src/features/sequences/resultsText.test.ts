import { describe, expect, it } from 'vitest';
import type { Calibration, InjectionResult } from './sequencesApi.ts';
import { amountsText, componentProblems } from './resultsText.ts';

const peak = (fields: object) => ({ number: 1, name: null, amount: null, amount_unit: 'mg/L', ...fields });
const injection = (peaks: object[], errors: unknown = []) =>
  ({ measurement_id: 7, result: { peaks, errors } }) as unknown as InjectionResult;
const curve = {
  analyte: 'caffeine',
  residuals: [{ measurement_id: 7, amount: 10, back_calculated_amount: 10.2 }],
} as unknown as Calibration;

describe('amounts in the results table', () => {
  it('shows a dash when no peak has an amount', () => {
    expect(amountsText(injection([peak({ name: 'caffeine' })]), [])).toBe('—');
    expect(amountsText({ measurement_id: 7, result: null } as unknown as InjectionResult, [])).toBe('—');
  });

  it('names each peak (by number when unnamed) with its amount to three places', () => {
    const peaks = [peak({ name: 'caffeine', amount: 1.5 }), peak({ number: 2, amount: 0.25 })];
    expect(amountsText(injection(peaks), [])).toBe('caffeine 1.500 mg/L · #2 0.250 mg/L');
  });

  it('reads a calibrating standard back through its curve, beside its nominal amount and the deviation', () => {
    const peaks = [peak({ name: 'caffeine', amount: 10 })];
    expect(amountsText(injection(peaks), [curve])).toBe('caffeine 10.200 mg/L (nominal 10.000, +2.00 %)');
  });
});

describe('components a standard misses', () => {
  it("keeps only the result's component-not-found sentences", () => {
    const errors = [
      { code: 'component_not_found', message: 'caffeine was not found near 2.50 min.' },
      { code: 'baseline_failed', message: 'Baseline failed.' },
      { code: 'component_not_found' },
    ];
    expect(componentProblems(injection([], errors))).toEqual(['caffeine was not found near 2.50 min.']);
  });

  it('finds none when the result has no errors list', () => {
    expect(componentProblems(injection([], null))).toEqual([]);
  });
});
