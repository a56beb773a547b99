import { describe, expect, it } from 'vitest';
import { peakSeparation, storedPeakFigures, type StoredPeakColumns } from './peaks.ts';

const stored: StoredPeakColumns = {
  number: 2,
  name: 'caffeine',
  retention_time_sec: 120,
  start_sec: 110,
  end_sec: 131,
  baseline_start: null,
  baseline_end: 0.5,
  area: 42,
  area_percent: 60,
  height: 3,
  width_half_sec: 4,
  tailing: 1.1,
  plates_half: 5000,
  resolution: 2.5,
  signal_to_noise: 80,
  amount: 12,
  amount_unit: 'µg/mL',
  start_code: 'B',
  stop_code: 'V',
};

describe('storedPeakFigures', () => {
  it('reads a stored peak into table figures with its separation code', () => {
    expect(storedPeakFigures(stored)).toMatchObject({
      retentionTimeSec: 120,
      baselineStartValue: 0,
      baselineEndValue: 0.5,
      plates: 5000,
      amountUnit: 'µg/mL',
      code: 'BV',
      negative: false,
    });
  });

  it('marks a peak below the baseline negative, and one stored without codes with a dash', () => {
    const dip = storedPeakFigures({
      ...stored,
      area: -4,
      height: -1,
      start_code: undefined,
      stop_code: null,
    });
    expect(dip).toMatchObject({ negative: true, code: 'N' });
    expect(storedPeakFigures({ ...stored, start_code: null, stop_code: null }).code).toBe('—');
  });
});

describe('peakSeparation', () => {
  it('reads a missing figure as not negative, and a negative area or height as negative', () => {
    expect(peakSeparation({ area: null, height: null, start_code: 'B', stop_code: 'V' })).toEqual({
      startCode: 'B',
      stopCode: 'V',
      negative: false,
      code: 'BV',
    });
    expect(peakSeparation({ area: -4, height: null }).negative).toBe(true);
    expect(peakSeparation({ area: null, height: -1 }).negative).toBe(true);
    expect(peakSeparation({ area: 5, height: 2 }).startCode).toBeNull();
  });

  it('gives a report row and a stored peak the same code', () => {
    expect(peakSeparation(stored).code).toBe(storedPeakFigures(stored).code);
  });
});
