import { describe, expect, it } from 'vitest';
import { flagBelowThreshold, splitReported, thresholdText, type PeakRow } from './peakRows.ts';

const row = (number: number, below?: boolean) => ({ number, belowReportingThreshold: below }) as PeakRow;

describe('peak rows below the reporting threshold', () => {
  it('lists the reported peaks and, apart, those below the threshold, each in order', () => {
    const { reported, below } = splitReported([row(1), row(2, true), row(3), row(4, true)]);
    expect(reported.map((item) => item.number)).toEqual([1, 3]);
    expect(below.map((item) => item.number)).toEqual([2, 4]);
  });
  it('names the count and the threshold, the ICH default when the result does not say', () => {
    expect(thresholdText(1, 0.1)).toBe('1 peak below the reporting threshold (0.1 %)');
    expect(thresholdText(36, null)).toBe('36 peaks below the reporting threshold (0.05 %)');
  });
});

describe('flagBelowThreshold', () => {
  const areas = (values: number[]) => values.map((area, k) => ({ number: k + 1, area }) as PeakRow);
  it('flags the stored peaks under the share of the total positive area the result applied', () => {
    const flagged = flagBelowThreshold(areas([9990, 4, 6, -3]), 0.05);
    expect(flagged.map((row) => Boolean(row.belowReportingThreshold))).toEqual([false, true, false, true]);
  });
  it('flags nothing without a threshold, at 0 % or without area', () => {
    expect(flagBelowThreshold(areas([9990, 4]), null).some((row) => row.belowReportingThreshold)).toBe(false);
    expect(flagBelowThreshold(areas([9990, 4]), 0).some((row) => row.belowReportingThreshold)).toBe(false);
    expect(flagBelowThreshold(areas([0, 0]), 0.05).some((row) => row.belowReportingThreshold)).toBe(false);
  });
});
