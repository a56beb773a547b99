// One peak table row, from the processing core's peaks (preview) or from stored peaks (GraphQL).
import {
  separationCode,
  storedPeakFigures,
  type PeakFigures,
  type StoredPeakColumns,
} from '@eluent/contracts';
import type { Peak } from '@eluent/signal';

/**
 * The figures of one peak table row (packages/contracts reads stored peaks into them); below the reporting
 * threshold when the result flagged it so (listed apart, out of Area %).
 */
export type PeakRow = Omit<PeakFigures, 'startCode' | 'stopCode'> & { belowReportingThreshold?: boolean };

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
      ...(peak.belowReportingThreshold ? { belowReportingThreshold: true } : {}),
    };
  });
}

export type { StoredPeak } from '@eluent/contracts';

export function rowsFromStored(peaks: readonly StoredPeakColumns[]): PeakRow[] {
  return peaks.map(storedPeakFigures);
}

/** Plot peaks with their labels: the name when known, else the number, then the separation code. */
export function plotPeaks(rows: readonly PeakRow[]) {
  return rows.map((row) => ({ ...row, label: `${row.name ?? String(row.number)} ${row.code}` }));
}

/** What the reporting threshold reads of a row: its area and its flag (the viewer's rows, the report's peaks). */
type Flaggable = { area: number | null; belowReportingThreshold?: boolean };

/** The reported peaks and, apart, those below the reporting threshold; each in its order. */
export function splitReported<T extends Flaggable>(rows: readonly T[]): { reported: T[]; below: T[] } {
  return {
    reported: rows.filter((row) => !row.belowReportingThreshold),
    below: rows.filter((row) => row.belowReportingThreshold),
  };
}

/**
 * Stored peaks flagged below the reporting threshold the result applied: the processing core's rule
 * (`applyReportingThreshold`, packages/signal) — a share of the total positive area under `percent` — read
 * again from the stored areas, since the peak table keeps no flag. Null or 0 % flags nothing; a peak whose
 * area a report lacks has no share: it stays reported and adds nothing to the total.
 */
export function flagBelowThreshold<T extends Flaggable>(rows: readonly T[], percent: number | null): T[] {
  const total = rows.reduce((sum, row) => (row.area === null ? sum : sum + Math.max(0, row.area)), 0);
  if (percent === null || !(percent > 0) || !(total > 0)) return [...rows];
  return rows.map((row) =>
    row.area !== null && (100 * Math.abs(row.area)) / total < percent
      ? { ...row, belowReportingThreshold: true }
      : row,
  );
}

/** The default reporting threshold (ICH Q3A/Q3B), said when a result does not name its own. */
export const DEFAULT_THRESHOLD_PERCENT = 0.05;

/** `3 peaks below the reporting threshold (0.05 %)`. */
export function thresholdText(count: number, percent: number | null): string {
  const shown = percent ?? DEFAULT_THRESHOLD_PERCENT;
  return `${count} ${count === 1 ? 'peak' : 'peaks'} below the reporting threshold (${shown} %)`;
}
