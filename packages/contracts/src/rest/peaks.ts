// A stored peak as the API answers it (REST results and GraphQL `peaks`), and the one reading of it into
// the figures a peak table prints: the server's CLI and the web app's tables both read peaks through it.
import { z } from 'zod';
import { separationCode } from '../detection.ts';

const figure = z.number().nullable();

export const storedPeakSchema = z.object({
  id: z.number().int().positive(),
  number: z.number().int(),
  name: z.string().nullable(),
  retention_time_sec: z.number(),
  start_sec: z.number(),
  end_sec: z.number(),
  baseline_start: figure,
  baseline_end: figure,
  area: z.number(),
  area_percent: figure,
  height: figure,
  width_half_sec: figure,
  tailing: figure,
  plates_half: figure,
  resolution: figure,
  signal_to_noise: figure,
  amount: figure,
  amount_unit: z.string().nullable(),
  /** Absent from results stored before codes were kept. */
  start_code: z.string().nullable().optional(),
  stop_code: z.string().nullable().optional(),
});
export type StoredPeak = z.infer<typeof storedPeakSchema>;

/** The columns `storedPeakFigures` reads. */
export type StoredPeakColumns = Omit<StoredPeak, 'id'>;

/**
 * A peak's separation code and sign, read the one way every table and report reads them: negative when its
 * area or height is below zero (the core reports both negative); a missing figure is not negative.
 * @example peakSeparation({ area: 12, height: 3, start_code: 'B', stop_code: 'V' }).code // 'BV'
 */
export function peakSeparation(peak: {
  area: number | null;
  height: number | null;
  start_code?: string | null;
  stop_code?: string | null;
}) {
  const negative = (peak.area ?? 0) < 0 || (peak.height ?? 0) < 0;
  const startCode = peak.start_code ?? null;
  const stopCode = peak.stop_code ?? null;
  return { startCode, stopCode, negative, code: separationCode(startCode, stopCode, negative) };
}

/**
 * A stored peak as the figures of a peak table: negative when its area or height is below zero (the core
 * reports both negative), its separation code (`—` when none was stored).
 * @example storedPeakFigures(peak).code // 'BV'
 */
export function storedPeakFigures(peak: StoredPeakColumns) {
  const { startCode, stopCode, code, negative } = peakSeparation(peak);
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
    startCode,
    stopCode,
    code,
    negative,
  };
}

/** The figures of one peak table row, as `storedPeakFigures` reads them. */
export type PeakFigures = ReturnType<typeof storedPeakFigures>;
