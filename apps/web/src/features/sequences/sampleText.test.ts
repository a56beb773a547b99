import { describe, expect, it } from 'vitest';
import { analytesText } from './sampleText.ts';

const analyte = { id: 1, analyte: 'caffeine', amount_unit: 'mg/L', window_sec: 10 };

describe('a sample in the samples list', () => {
  it('lists nothing for a sample or blank', () => {
    expect(analytesText({ type: 'sample', analytes: [] })).toBe('');
  });

  it('says when a standard has no analytes yet', () => {
    expect(analytesText({ type: 'standard', analytes: [] })).toBe('no analytes');
    expect(analytesText({ type: 'standard' })).toBe('no analytes');
  });

  it('gives each analyte its amount and expected time in minutes, "?" for what is not known', () => {
    const analytes = [
      { ...analyte, amount: 10, retention_time_sec: 150 },
      { ...analyte, id: 2, analyte: 'theobromine', amount: null, retention_time_sec: null },
    ];
    expect(analytesText({ type: 'standard', analytes })).toBe(
      'caffeine: 10 mg/L at 2.50 min · theobromine: ? at ?',
    );
  });
});
