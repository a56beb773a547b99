import { describe, expect, it } from 'vitest';
import { suitabilityCheckText } from './suitability-text.ts';

describe('suitabilityCheckText', () => {
  it('says the comparison that holds', () => {
    expect(suitabilityCheckText({ test: 'tailing', limit: 2, value: 2.31, pass: false })).toBe(
      'tailing 2.31 > 2',
    );
    expect(suitabilityCheckText({ test: 'plates', limit: 2000, value: 5400.4, pass: true })).toBe(
      'plates 5400 ≥ 2000',
    );
    expect(suitabilityCheckText({ test: 'retention_time', limit: 3, value: -4.5, pass: false })).toBe(
      'Δt (s) -4.5 outside ±3',
    );
    expect(suitabilityCheckText({ test: 'area_rsd', limit: 2, value: null, pass: false })).toBe(
      'area %RSD not measured',
    );
  });
});
