import type { Peak } from '../figures/peak.ts';

/**
 * Default reporting threshold, in percent of the total area: ICH Q3A(R2)/Q3B(R2) report impurities at or
 * above 0.05 % (maximum daily dose ≤ 2 g/day), the level pharmacopoeial related-substances tests call the
 * disregard limit. CDS area-reject and minimum-area settings play the same part.
 */
export const DEFAULT_REPORTING_THRESHOLD_PERCENT = 0.05;

/**
 * Flags the peaks whose share of the total (positive) area is below `percent` (`belowReportingThreshold`)
 * and gives the others their area % and height % over the reported peaks only, so the table reads as a
 * CDS report does; flagged peaks stay in the result (nothing is lost), their shares taken of the same
 * totals. `percent` 0 (or less) flags nothing. Returns new peak objects and the count flagged.
 */
export function applyReportingThreshold(
  peaks: readonly Peak[],
  percent: number,
): { peaks: Peak[]; below: number } {
  const total = peaks.reduce((sum, peak) => sum + Math.max(0, peak.area), 0);
  if (!(percent > 0) || !(total > 0)) return { peaks: peaks.map((peak) => ({ ...peak })), below: 0 };
  const below = peaks.map((peak) => (100 * Math.abs(peak.area)) / total < percent);
  const reportedArea = peaks.reduce((sum, peak, k) => sum + (below[k] ? 0 : Math.max(0, peak.area)), 0);
  const reportedHeight = peaks.reduce((sum, peak, k) => sum + (below[k] ? 0 : Math.max(0, peak.height)), 0);
  return {
    peaks: peaks.map((peak, k) => ({
      ...peak,
      areaPercent: reportedArea > 0 ? (100 * peak.area) / reportedArea : 0,
      heightPercent: reportedHeight > 0 ? (100 * peak.height) / reportedHeight : 0,
      ...(below[k] ? { belowReportingThreshold: true } : {}),
    })),
    below: below.filter(Boolean).length,
  };
}
