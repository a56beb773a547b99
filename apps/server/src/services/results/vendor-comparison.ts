// The current result beside the vendor's peak table of the imported file (docs/processing.md "Your file
// beside the vendor's"): the pairing is the signal core's `compareWithVendorTable`, the same the vendor-file
// tests use; this maps it onto the REST answer.
import type { MeasurementVendorComparison, VendorComparisonPeak } from '@eluent/contracts';
import { compareWithVendorTable, vendorPeakLimits, type VendorPeak } from '@eluent/signal';
import type { PeakRow } from '../../repositories/results.ts';

function ourSide(peak: PeakRow, sharePercent: number | null): VendorComparisonPeak {
  return {
    number: peak.number,
    name: peak.name ?? '',
    retention_time_sec: peak.retention_time_sec,
    start_sec: peak.start_sec,
    end_sec: peak.end_sec,
    area: peak.area,
    area_percent: peak.area_percent,
    share_percent: sharePercent,
    baseline_start_sec: peak.start_sec,
    baseline_start_value: peak.baseline_start,
    baseline_stop_sec: peak.end_sec,
    baseline_stop_value: peak.baseline_end,
  };
}

/** The vendor's side; limits and baseline only where the table gives them consistently (vendorPeakLimits). */
function vendorSide(peak: VendorPeak, sharePercent: number | null): VendorComparisonPeak {
  const limits = vendorPeakLimits(peak);
  return {
    number: null,
    name: peak.name,
    retention_time_sec: peak.retentionTimeSec,
    start_sec: limits.startSec,
    end_sec: limits.endSec,
    area: peak.area,
    area_percent: peak.areaPercent,
    share_percent: sharePercent,
    baseline_start_sec: limits.baseline?.startSec ?? null,
    baseline_start_value: limits.baseline?.startValue ?? null,
    baseline_stop_sec: limits.baseline?.stopSec ?? null,
    baseline_stop_value: limits.baseline?.stopValue ?? null,
  };
}

type Row = MeasurementVendorComparison['rows'][number];

/** The time a row sorts by: the vendor's where it has one, else ours. */
function rowTimeSec(row: Row): number {
  return row.vendor?.retention_time_sec ?? row.ours?.retention_time_sec ?? Number.POSITIVE_INFINITY;
}

/** The comparison of `peaks` (the current result, in number order) with the vendor's `table`. */
export function vendorComparisonOf(
  measurement: { id: number; sampling_interval_sec: number | null },
  result: { id: number } | undefined,
  peaks: readonly PeakRow[],
  table: readonly VendorPeak[],
): MeasurementVendorComparison {
  const ours = peaks.map((peak) => ({
    retentionTimeSec: peak.retention_time_sec,
    area: peak.area,
    widthHalfSec: peak.width_half_sec,
  }));
  const comparison = compareWithVendorTable(ours, table, {
    samplingIntervalSec: measurement.sampling_interval_sec ?? 0,
  });
  const rows: Row[] = [
    ...comparison.pairs.map((pair) => ({
      status: 'matched' as const,
      ours: ourSide(peaks[pair.ours]!, pair.ourSharePercent),
      vendor: vendorSide(table[pair.vendor]!, pair.vendorSharePercent),
      retention_difference_sec: pair.retentionDifferenceSec,
      tolerance_sec: pair.toleranceSec,
      share_difference_points: pair.shareDifferencePoints,
    })),
    ...comparison.missed.map((j) => unmatched('missed', null, vendorSide(table[j]!, null))),
    ...comparison.extra.map((k) => unmatched('extra', ourSide(peaks[k]!, null), null)),
  ];
  rows.sort((a, b) => rowTimeSec(a) - rowTimeSec(b));
  return {
    measurement_id: measurement.id,
    result_id: result?.id ?? null,
    summary: {
      vendor_peaks: table.length,
      our_peaks: peaks.length,
      matched: comparison.pairs.length,
      missed: comparison.missed.length,
      extra: comparison.extra.length,
      unplaced: comparison.unplaced.length,
    },
    rows,
  };
}

function unmatched(
  status: 'missed' | 'extra',
  ours: VendorComparisonPeak | null,
  vendor: VendorComparisonPeak | null,
): Row {
  return {
    status,
    ours,
    vendor,
    retention_difference_sec: null,
    tolerance_sec: null,
    share_difference_points: null,
  };
}
