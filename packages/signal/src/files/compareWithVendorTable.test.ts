import { describe, expect, it } from 'vitest';
import type { VendorPeak } from './chromatogram.ts';
import { compareWithVendorTable } from './compareWithVendorTable.ts';
import { vendorPeakLimits } from './vendorPeakLimits.ts';

function vendorRow(retentionTimeSec: number | null, area: number | null, areaPercent: number | null = null) {
  return {
    name: '',
    retentionTimeSec,
    startSec: null,
    endSec: null,
    width: null,
    area,
    areaPercent,
    height: null,
    heightPercent: null,
    amount: null,
    baselineStartSec: null,
    baselineStartValue: null,
    baselineStopSec: null,
    baselineStopValue: null,
    startCode: 'B',
    stopCode: 'B',
  } satisfies VendorPeak;
}

describe('compareWithVendorTable', () => {
  it('pairs by retention time, lists missed and extra peaks, and compares shares of the matched total', () => {
    const ours = [
      { retentionTimeSec: 30, area: 5, widthHalfSec: 2 },
      { retentionTimeSec: 61.5, area: 30, widthHalfSec: 3 },
      { retentionTimeSec: 120.4, area: 10, widthHalfSec: 4 },
    ];
    const vendor = [vendorRow(60, 60), vendorRow(120, 40), vendorRow(200, 10), vendorRow(null, 1)];
    const comparison = compareWithVendorTable(ours, vendor, { samplingIntervalSec: 0.2 });
    expect(comparison.pairs.map((pair) => [pair.vendor, pair.ours])).toEqual([
      [0, 1],
      [1, 2],
    ]);
    expect(comparison.missed).toEqual([2]);
    expect(comparison.extra).toEqual([0]);
    expect(comparison.unplaced).toEqual([3]);
    const [first, second] = comparison.pairs;
    expect(first!.retentionDifferenceSec).toBeCloseTo(1.5, 12);
    expect(first!.ourSharePercent).toBeCloseTo(75, 12);
    expect(first!.vendorSharePercent).toBeCloseTo(60, 12);
    expect(first!.shareDifferencePoints).toBeCloseTo(15, 12);
    expect(second!.shareDifferencePoints).toBeCloseTo(-15, 12);
  });

  it('widens the window with the peak width and the sampling, never below 2 s', () => {
    const vendor = [vendorRow(100, 1)];
    const at = (timeSec: number, widthHalfSec: number | null, samplingIntervalSec = 0) =>
      compareWithVendorTable([{ retentionTimeSec: timeSec, area: 1, widthHalfSec }], vendor, {
        samplingIntervalSec,
      }).pairs.length;
    expect(at(102, null)).toBe(1);
    expect(at(102.1, null)).toBe(0);
    expect(at(102.9, 10)).toBe(1);
    expect(at(103.1, 10)).toBe(0);
    expect(at(105.9, null, 2)).toBe(1);
  });

  it('gives each peak to one pair only, the nearest first', () => {
    const ours = [{ retentionTimeSec: 50, area: 1, widthHalfSec: 1 }];
    const comparison = compareWithVendorTable(ours, [vendorRow(51, 1), vendorRow(50.5, 1)]);
    expect(comparison.pairs.map((pair) => pair.vendor)).toEqual([1]);
    expect(comparison.missed).toEqual([0]);
  });

  it("takes the vendor's area % when its areas are missing, and no share when neither is there", () => {
    const ours = [
      { retentionTimeSec: 10, area: 1, widthHalfSec: 1 },
      { retentionTimeSec: 20, area: 3, widthHalfSec: 1 },
    ];
    const percent = compareWithVendorTable(ours, [vendorRow(10, null, 20), vendorRow(20, null, 60)]);
    expect(percent.pairs.map((pair) => pair.vendorSharePercent)).toEqual([25, 75]);
    const none = compareWithVendorTable(ours, [vendorRow(10, null), vendorRow(20, 4)]);
    expect(none.pairs.map((pair) => pair.shareDifferencePoints)).toEqual([null, null]);
  });

  it('refuses a negative sampling interval', () => {
    expect(() => compareWithVendorTable([], [], { samplingIntervalSec: -1 })).toThrow(
      'samplingIntervalSec must be zero or more',
    );
  });
});

describe('vendorPeakLimits', () => {
  const row = (overrides: Partial<VendorPeak>): VendorPeak => ({ ...vendorRow(100, 1), ...overrides });

  it('keeps limits and a baseline that bracket the apex', () => {
    const limits = vendorPeakLimits(
      row({
        startSec: 95,
        endSec: 110,
        baselineStartSec: 95,
        baselineStartValue: 1,
        baselineStopSec: 110,
        baselineStopValue: 2,
      }),
    );
    expect(limits).toEqual({
      startSec: 95,
      endSec: 110,
      baseline: { startSec: 95, startValue: 1, stopSec: 110, stopValue: 2 },
    });
  });

  it('drops limits and a baseline in other units than the retention time (an EZChrom table)', () => {
    const limits = vendorPeakLimits(
      row({
        startSec: 22920,
        endSec: 28200,
        baselineStartSec: 1.59,
        baselineStartValue: 2054,
        baselineStopSec: 1.96,
        baselineStopValue: 2080,
      }),
    );
    expect(limits).toEqual({ startSec: null, endSec: null, baseline: null });
  });
});
