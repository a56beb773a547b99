// Separation codes and applied minimums in words, as the CLI and the web print them.
import { describe, expect, it } from 'vitest';
import {
  describeSeparationCode,
  formatFigure,
  formatMinimum,
  noiseSourceText,
  noPeaksText,
  separationCode,
  spikesText,
} from './detection.ts';

describe('separation codes', () => {
  it('joins start and stop codes and marks negative peaks with N', () => {
    expect(separationCode('B', 'V', false)).toBe('BV');
    expect(separationCode('T', 'T', false)).toBe('TT');
    expect(separationCode('B', 'B', true)).toBe('BB N');
  });

  it('never leaves a peak unlabelled, even one stored before codes were kept', () => {
    expect(separationCode(null, null, false)).toBe('—');
    expect(separationCode(undefined, 'B', true)).toBe('N');
  });

  it('spells a code out for a tooltip', () => {
    expect(describeSeparationCode('BV')).toBe('BV: baseline start, valley (drop line) end');
    expect(describeSeparationCode('SB N')).toBe('SB N: shoulder start, baseline end, negative peak');
    expect(describeSeparationCode('N')).toBe('N: negative peak');
  });
});

describe('applied minimums', () => {
  it('prints four significant digits with the unit, or that the minimum is not needed', () => {
    expect(formatFigure(0.012345)).toBe('0.01235');
    expect(formatFigure(5.8012e-5)).toBe('5.801e-5');
    expect(formatMinimum({ value: 1.71234, automatic: true }, 's')).toBe('1.712 s');
    expect(formatMinimum({ value: null, automatic: true }, 'mAU')).toBe('not needed');
  });
});

describe('noPeaksText', () => {
  it("words a result without peaks with its reason, or the catalogue's sentence alone", () => {
    const message = 'No peaks found.';
    expect(
      noPeaksText([
        { step: 'pdet', error: null },
        { code: 'processing_no_peaks', message, reason: 'the run is flat: the signal stays at 0.5 mAU' },
      ]),
    ).toBe('No peaks found: the run is flat: the signal stays at 0.5 mAU.');
    expect(noPeaksText([{ code: 'processing_no_peaks', message }])).toBe(message);
    expect(noPeaksText([{ code: 'component_not_found', message: 'x' }])).toBeNull();
    expect(noPeaksText(null)).toBeNull();
  });
});

describe('spikesText', () => {
  it('names one spike, several, and more than five with a count', () => {
    expect(spikesText([57.68])).toBe("1 one-sample spike replaced by their neighbours' mean (at 57.68 s)");
    expect(spikesText([57.68, 85.52])).toBe(
      "2 one-sample spikes replaced by their neighbours' mean (at 57.68, 85.52 s)",
    );
    expect(spikesText([1, 2, 3, 4, 5, 6, 7])).toBe(
      "7 one-sample spikes replaced by their neighbours' mean (at 1, 2, 3, 4, 5 and 2 more s)",
    );
  });
});

describe('noiseSourceText', () => {
  it('says where the noise was read when not over the quietest windows', () => {
    expect(noiseSourceText({})).toBeNull();
    expect(noiseSourceText({ noiseFromGaps: true })).toBe(
      'noise measured between the peaks (every noise window of the run held one)',
    );
    expect(noiseSourceText({ noiseFromDifferences: true })).toMatch(
      /^noise read from the samples' 8th differences/,
    );
  });
});
