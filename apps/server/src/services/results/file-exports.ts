// A measurement's files out: its signal as JSON, CSV, AIA/ANDI netCDF (with the current result's or the
// vendor's peak table) and ASM, and the vendor's peak table beside the current result.
import { writeAia, writeCsv, type VendorPeak } from '@eluent/signal';
import { AppError } from '../../errors.ts';
import type { PeakRow, ResultsRepository } from '../../repositories/results.ts';
import type { RunsRepository } from '../../repositories/sequences-runs.ts';
import { vendorPeakTable } from '../../repositories/vendor-peak-tables.ts';
import { vendorComparisonOf } from './vendor-comparison.ts';
import { asmDocumentOf } from './asm-export.ts';

/** The measurement, when it is `workspaceId`'s; 404 otherwise. */
export async function ownedMeasurement(runs: RunsRepository, workspaceId: number, measurementId: number) {
  const measurement = await runs.measurement(measurementId);
  if (!measurement || measurement.workspace_id !== workspaceId)
    throw AppError.domain(404, 'measurement_not_found');
  return measurement;
}

function vendorPeak(peak: PeakRow): VendorPeak {
  return {
    name: peak.name ?? '',
    retentionTimeSec: peak.retention_time_sec,
    startSec: peak.start_sec,
    endSec: peak.end_sec,
    width: peak.width_half_sec,
    area: peak.area,
    areaPercent: peak.area_percent,
    height: peak.height,
    heightPercent: peak.height_percent,
    amount: peak.amount,
    baselineStartSec: peak.start_sec,
    baselineStartValue: peak.baseline_start,
    baselineStopSec: peak.end_sec,
    baselineStopValue: peak.baseline_end,
    startCode: 'B',
    stopCode: 'B',
  };
}

export function createFileExports({ results, runs }: { results: ResultsRepository; runs: RunsRepository }) {
  const { db } = results;
  const owned = (workspaceId: number, measurementId: number) =>
    ownedMeasurement(runs, workspaceId, measurementId);

  async function storedVendorTable(measurementId: number) {
    const table = await vendorPeakTable(db, measurementId);
    if (!table) throw AppError.domain(404, 'measurement_vendor_table_not_found');
    return table;
  }

  /** The signal of a measurement of `workspaceId` (a member's current one, or a share token's). */
  async function data(workspaceId: number, measurementId: number) {
    const measurement = await owned(workspaceId, measurementId);
    const signal = await results.signal(measurementId);
    return { measurement, timeSec: signal.timeSec, signal: signal.signal, unit: measurement.signal_unit };
  }

  async function csv(workspaceId: number, measurementId: number): Promise<string> {
    const { timeSec, signal, unit } = await data(workspaceId, measurementId);
    return writeCsv({
      timeSec: Float64Array.from(timeSec),
      values: Float64Array.from(signal),
      signalUnit: unit,
    });
  }

  /**
   * The measurement as an AIA file. Its peak table is the current result's, or with `peakTable: 'vendor'`
   * the vendor's table of the imported file as it came (404 when the file had none).
   */
  async function cdf(
    workspaceId: number,
    measurementId: number,
    peakTable: 'result' | 'vendor' = 'result',
  ): Promise<Uint8Array> {
    const { measurement, timeSec, signal, unit } = await data(workspaceId, measurementId);
    return writeAia(
      {
        timeSec: Float64Array.from(timeSec),
        values: Float64Array.from(signal),
        signalUnit: unit,
        metadata: { sample_name: measurement.name },
        peakTable: peakTable === 'vendor' ? await storedVendorTable(measurementId) : await resultTable(),
      },
      { date: measurement.created_at },
    );
    async function resultTable() {
      const [latest] = await results.latestResults([measurementId]);
      return (latest ? await results.peaks([latest.id]) : []).map(vendorPeak);
    }
  }

  /** The current result beside the vendor's peak table of the imported file; 404 when it had none. */
  async function vendorComparison(workspaceId: number, measurementId: number) {
    const measurement = await owned(workspaceId, measurementId);
    const table = await storedVendorTable(measurementId);
    const [current] = await results.latestResults([measurementId]);
    const peaks = current ? await results.peaks([current.id]) : [];
    return vendorComparisonOf(measurement, current, peaks, table);
  }

  /** The measurement as an ASM liquid-chromatography document with its current result's peaks. */
  async function asm(workspaceId: number, measurementId: number): Promise<Record<string, unknown>> {
    const measurement = await owned(workspaceId, measurementId);
    const signal = await results.signal(measurementId);
    const [current] = await results.latestResults([measurementId]);
    const peaks = current ? await results.peaks([current.id]) : [];
    return asmDocumentOf(measurement, signal, current, peaks);
  }

  return { data, csv, cdf, vendorComparison, asm };
}
