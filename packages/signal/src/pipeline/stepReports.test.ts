import { describe, expect, it } from 'vitest';
import { UNKNOWN_POSTPROCESSING_VALUE } from './processingTemplate.ts';
import { rejectUnknownKey, stepKey, stepRecorder } from './stepReports.ts';

describe('stepRecorder', () => {
  it('records a step that ran with its version, and a failing one with its error and the fallback', () => {
    const { steps, versions, run } = stepRecorder();
    expect(run('nois', 'median', () => 3, 0)).toBe(3);
    expect(
      run(
        'base',
        'bogus',
        () => {
          throw new Error('no baseline');
        },
        'fallback',
      ),
    ).toBe('fallback');
    expect(steps).toEqual([
      { step: 'nois', algorithm: 'median', version: expect.stringMatching(/^2 /), error: null },
      { step: 'base', algorithm: 'bogus', version: '1', error: 'no baseline' },
    ]);
    expect(Object.keys(versions)).toEqual(['nois']);
  });
});

describe('stepKey', () => {
  it("gives the step's default for a null key and rejects a key that is not one of its algorithms", () => {
    expect(stepKey('peak', null)).toEqual({ key: 'default', known: true });
    const unknown = stepKey('base', 'bogus');
    expect(unknown).toEqual({ key: 'bogus', known: false });
    expect(() => rejectUnknownKey(unknown)).toThrow(UNKNOWN_POSTPROCESSING_VALUE);
    expect(() => rejectUnknownKey(stepKey('base', 'manual'))).not.toThrow();
  });
});
