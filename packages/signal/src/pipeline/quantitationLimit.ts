import type { QuantitationLimit } from '../detection/detectionSettings.ts';
import type { Peak } from '../figures/peak.ts';

/**
 * The automatic default reports peaks at or above the quantitation limit (ICH Q2: S/N ≥ 10), measured the
 * way the result reports S/N: 2H/h with h from the blank where one is given, else from the run's noise.
 */
export const QUANTITATION_SIGNAL_TO_NOISE = 10;

/**
 * Leaves out the peaks whose S/N (2|H|/h, per peak h) is below the quantitation limit; a left-out skimmed
 * rider gives its area back to its parent, as if it had never been detected. Peaks without a noise figure
 * stay; when the limit would leave out every peak it is not applied and says so (`skipped`). `skimParents[k]` is the index of peak k's skim parent, if any.
 */
export function applyQuantitationLimit(
  peaks: readonly Peak[],
  skimParents: readonly (number | undefined)[],
  noisePeakToPeak: (index: number) => number | null,
): { peaks: Peak[]; limit: QuantitationLimit } {
  const keep = peaks.map((peak, k) => {
    const h = noisePeakToPeak(k);
    return h === null || !(h > 0) || (2 * Math.abs(peak.height)) / h >= QUANTITATION_SIGNAL_TO_NOISE;
  });
  if (peaks.length > 0 && keep.every((kept) => !kept)) {
    return {
      peaks: peaks.map((peak) => ({ ...peak })),
      limit: { signalToNoise: QUANTITATION_SIGNAL_TO_NOISE, removed: 0, skipped: 'would_remove_every_peak' },
    };
  }
  const areas = peaks.map((peak) => peak.area);
  keep.forEach((kept, k) => {
    const parent = skimParents[k];
    if (!kept && parent !== undefined && keep[parent]) areas[parent]! += areas[k]!;
  });
  const kept = peaks.flatMap((peak, k) => (keep[k] ? [{ ...peak, area: areas[k]! }] : []));
  return {
    peaks: kept,
    limit: { signalToNoise: QUANTITATION_SIGNAL_TO_NOISE, removed: peaks.length - kept.length },
  };
}
