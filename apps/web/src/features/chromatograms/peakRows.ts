// One peak table row, from the processing core's peaks (preview) or from stored peaks (GraphQL).
import { separationCode } from '@eluent/contracts';
import type { Peak } from '@eluent/signal';

export interface PeakRow {
  number: number;
  name: string | null;
  retentionTimeSec: number;
  startSec: number;
  endSec: number;
  baselineStartValue: number;
  baselineEndValue: number;
  area: number;
  areaPercent: number | null;
  height: number | null;
  widthHalfSec: number | null;
  tailing: number | null;
  plates: number | null;
  resolution: number | null;
  signalToNoise: number | null;
  amount: number | null;
  amountUnit: string | null;
  /** Separation code (BB, BV, VB, VV, TB, S…, with N for a negative peak); `—` when none was stored. */
  code: string;
  negative: boolean;
}

/** A stored peak is negative when its area or height is below zero (the core reports both negative). */
const negativeOf = (peak: { area: number; height: number | null }) => peak.area < 0 || (peak.height ?? 0) < 0;

export function rowsFromPeaks(peaks: readonly Peak[]): PeakRow[] {
  return peaks.map((peak, index) => {
    const negative = peak.negative;
    return {
      number: index + 1,
      name: null,
      retentionTimeSec: peak.retentionTimeSec,
      startSec: peak.startSec,
      endSec: peak.endSec,
      baselineStartValue: peak.baselineStartValue,
      baselineEndValue: peak.baselineEndValue,
      area: peak.area,
      areaPercent: peak.areaPercent,
      height: peak.height,
      widthHalfSec: peak.widthHalfSec,
      tailing: peak.tailing,
      plates: peak.platesHalfHeight,
      resolution: peak.resolution,
      signalToNoise: peak.signalToNoise,
      amount: null,
      amountUnit: null,
      code: separationCode(peak.startCode, peak.stopCode, negative),
      negative,
    };
  });
}

/** A stored peak row of the `peaks` table. */
export interface StoredPeak {
  id: number;
  number: number;
  name: string | null;
  retention_time_sec: number;
  start_sec: number;
  end_sec: number;
  baseline_start: number | null;
  baseline_end: number | null;
  area: number;
  area_percent: number | null;
  height: number | null;
  width_half_sec: number | null;
  tailing: number | null;
  plates_half: number | null;
  resolution: number | null;
  signal_to_noise: number | null;
  amount: number | null;
  amount_unit: string | null;
  /** Absent from results stored before codes were kept. */
  start_code?: string | null;
  stop_code?: string | null;
}

export const STORED_PEAK_FIELDS = `id number name retention_time_sec start_sec end_sec baseline_start baseline_end area
  area_percent height width_half_sec tailing plates_half resolution signal_to_noise amount amount_unit
  start_code stop_code`;

export function rowsFromStored(peaks: readonly StoredPeak[]): PeakRow[] {
  return peaks.map((peak) => {
    const negative = negativeOf(peak);
    return {
      number: peak.number,
      name: peak.name,
      retentionTimeSec: peak.retention_time_sec,
      startSec: peak.start_sec,
      endSec: peak.end_sec,
      baselineStartValue: peak.baseline_start ?? 0,
      baselineEndValue: peak.baseline_end ?? 0,
      area: peak.area,
      areaPercent: peak.area_percent,
      height: peak.height,
      widthHalfSec: peak.width_half_sec,
      tailing: peak.tailing,
      plates: peak.plates_half,
      resolution: peak.resolution,
      signalToNoise: peak.signal_to_noise,
      amount: peak.amount,
      amountUnit: peak.amount_unit,
      code: separationCode(peak.start_code, peak.stop_code, negative),
      negative,
    };
  });
}

/** Plot peaks with their labels: the name when known, else the number, then the separation code. */
export function plotPeaks(rows: readonly PeakRow[]) {
  return rows.map((row) => ({ ...row, label: `${row.name ?? String(row.number)} ${row.code}` }));
}
