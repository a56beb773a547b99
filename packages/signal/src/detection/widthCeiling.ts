import type { FindPeaksResult } from '../peaks/findPeaks.ts';

/**
 * A peak this many times the quantitation prominence (5 h) stands 20 h above its surroundings: clearly
 * real, the same factor by which the width estimate picks the peaks that set the width scale
 * (`detectionSettings.ts`).
 */
export const CLEARLY_REAL_PROMINENCE_FACTOR = 4;

/**
 * Drops the peaks wider than `maxWidth` (samples of the searched signal; drift humps, a gradient's hump)
 * unless they are clearly real (prominence at least `clearlyReal`) and their narrower side is a peak's:
 * twice the shorter half-width (apex to the half-prominence line) within the ceiling. Tailing (or
 * fronting) widens one side of a peak only, as USP's tailing factor and the asymmetry b/a measure it; a
 * drift hump is broad on both. The ceiling (8 typical widths) is set by the run's median width, which
 * with few peaks is a narrow one's: it took an EMG of τ 20 s carrying a rider for a hump.
 */
export function applyWidthCeiling(
  found: FindPeaksResult,
  maxWidth: number,
  clearlyReal: number,
): FindPeaksResult {
  const { widths, prominences, leftIps, rightIps } = found.properties;
  if (!widths || !prominences || !leftIps || !rightIps) return found;
  const keep = Array.from(found.peaks, (apex, k) => {
    if (widths[k]! <= maxWidth) return true;
    const shorterSide = Math.min(apex - leftIps[k]!, rightIps[k]! - apex);
    return prominences[k]! >= clearlyReal && 2 * shorterSide <= maxWidth;
  });
  if (keep.every(Boolean)) return found;
  const properties: Record<string, unknown> = {};
  for (const [name, array] of Object.entries(found.properties)) {
    properties[name] = (array as Int32Array | Float64Array | undefined)?.filter((_, k) => keep[k]);
  }
  return { peaks: found.peaks.filter((_, k) => keep[k]), properties };
}
