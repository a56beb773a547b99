import { describe, expect, it } from 'vitest';
import { errorsOf } from './reportModel.ts';

describe('errorsOf', () => {
  it('reads catalogue errors and processing step errors', () => {
    expect(
      errorsOf([
        { code: 'processing_no_peaks', message: 'No peaks found.' },
        { step: 'baseline', algorithm: 'bogus', version: null, error: 'Unknown postprocessing value' },
        { code: 'processing_general_error' },
        {},
      ]),
    ).toEqual([
      'No peaks found.',
      'baseline: Unknown postprocessing value',
      'processing_general_error',
      'error',
    ]);
  });

  it('answers nothing for a missing list', () => {
    expect(errorsOf(null)).toEqual([]);
  });
});
