import type { MeasurementVendorComparison, VendorComparisonPeak } from '@eluent/contracts';
import { describe, expect, it } from 'vitest';
import { comparisonSummary } from './VendorComparisonTable.tsx';
import { referencePeaksOf } from './vendorReference.ts';

const side = (overrides: Partial<VendorComparisonPeak>): VendorComparisonPeak => ({
  number: null,
  name: '',
  retention_time_sec: 60,
  start_sec: 55,
  end_sec: 70,
  area: 1,
  area_percent: 50,
  share_percent: null,
  baseline_start_sec: 54,
  baseline_start_value: 0.1,
  baseline_stop_sec: 71,
  baseline_stop_value: 0.2,
  ...overrides,
});

const comparison = (
  rows: MeasurementVendorComparison['rows'],
  unplaced = 0,
): MeasurementVendorComparison => ({
  measurement_id: 1,
  result_id: 2,
  summary: { vendor_peaks: 19 + unplaced, our_peaks: 18, matched: 17, missed: 2, extra: 1, unplaced },
  rows,
});

const row = (vendor: VendorComparisonPeak | null): MeasurementVendorComparison['rows'][number] => ({
  status: vendor ? 'missed' : 'extra',
  ours: vendor ? null : side({ number: 1 }),
  vendor,
  retention_difference_sec: null,
  tolerance_sec: null,
  share_difference_points: null,
});

describe('the vendor comparison in the viewer', () => {
  it('says how many vendor peaks were matched, missed and how many of ours are extra', () => {
    expect(comparisonSummary(comparison([]))).toBe('17 of 19 matched, 2 missed, 1 extra');
    expect(comparisonSummary(comparison([], 2))).toBe(
      '17 of 19 matched, 2 missed, 1 extra; 2 vendor rows have no time',
    );
  });

  it("draws the vendor's baselines, ticks at the baseline's ends where the table has no limits", () => {
    const peaks = referencePeaksOf(
      comparison([
        row(side({})),
        row(side({ start_sec: null, end_sec: null })),
        row(side({ baseline_start_sec: null })),
        row(null),
      ]),
    );
    expect(peaks).toEqual([
      {
        startSec: 55,
        endSec: 70,
        baselineStartSec: 54,
        baselineStartValue: 0.1,
        baselineStopSec: 71,
        baselineStopValue: 0.2,
      },
      {
        startSec: 54,
        endSec: 71,
        baselineStartSec: 54,
        baselineStartValue: 0.1,
        baselineStopSec: 71,
        baselineStopValue: 0.2,
      },
    ]);
    expect(referencePeaksOf(null)).toEqual([]);
  });
});
