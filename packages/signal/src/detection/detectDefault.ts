import type { FindPeaksOptions } from '../peaks/findPeaks.ts';

/** Template minimums in template units (seconds and signal units); null = automatic. */
export interface DetectionMinimums {
  minDistanceSec?: number | null;
  minHeight?: number | null;
  minWidthSec?: number | null;
  minProminence?: number | null;
}

/**
 * The `find_peaks` options for template minimums (processing.md §1.9): distance ceil(s/Δt) samples, width
 * s/Δt samples at half prominence, height and prominence in signal units; wlen whole signal.
 */
export function defaultDetectionOptions(stepSec: number, minimums: DetectionMinimums): FindPeaksOptions {
  const distance = minimums.minDistanceSec ? Math.max(1, Math.ceil(minimums.minDistanceSec / stepSec)) : null;
  return {
    height: minimums.minHeight ?? null,
    prominence: minimums.minProminence ?? null,
    width: minimums.minWidthSec ? minimums.minWidthSec / stepSec : null,
    distance,
  };
}
