import type { Peak } from './peak.ts';

export interface CompleteFiguresOptions {
  /** Hold-up time t_0 for retention factors. @default null (no k') */
  holdUpTimeSec?: number | null;
  /** Peak-to-peak noise h for S/N = 2H/h. @default null (no S/N) */
  noisePeakToPeak?: number | null;
}

/**
 * Fills the run-level figures of peaks sorted by retention time: area % and height %, resolution to the
 * previous peak (half-height formula), retention factor and S/N. Returns new peak objects.
 */
export function completeFigures(peaks: readonly Peak[], options: CompleteFiguresOptions = {}): Peak[] {
  // Percentages are of the positive peaks' totals; a negative peak shows a negative share.
  const totalArea = peaks.reduce((sum, peak) => sum + Math.max(0, peak.area), 0);
  const totalHeight = peaks.reduce((sum, peak) => sum + Math.max(0, peak.height), 0);
  const holdUp = options.holdUpTimeSec ?? null;
  const noise = options.noisePeakToPeak ?? null;
  return peaks.map((peak, index) => {
    const previous = index > 0 ? peaks[index - 1] : undefined;
    const widths = previous && previous.widthHalfSec !== null && peak.widthHalfSec !== null;
    return {
      ...peak,
      areaPercent: totalArea !== 0 ? (100 * peak.area) / totalArea : 0,
      heightPercent: totalHeight !== 0 ? (100 * peak.height) / totalHeight : 0,
      resolution: widths
        ? (1.18 * (peak.retentionTimeSec - previous.retentionTimeSec)) /
          ((previous.widthHalfSec as number) + (peak.widthHalfSec as number))
        : null,
      retentionFactor: holdUp !== null && holdUp > 0 ? (peak.retentionTimeSec - holdUp) / holdUp : null,
      signalToNoise: noise !== null && noise > 0 ? (2 * peak.height) / noise : null,
    };
  });
}
