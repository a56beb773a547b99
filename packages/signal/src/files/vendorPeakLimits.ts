import type { VendorPeak } from './chromatogram.ts';

/** A vendor peak's limits and baseline where the table gives them consistently; null where it does not. */
export interface VendorPeakLimits {
  startSec: number | null;
  endSec: number | null;
  baseline: { startSec: number; startValue: number; stopSec: number; stopValue: number } | null;
}

/**
 * The limits and baseline of a vendor peak that can be drawn on the signal's axis: the AIA peak table has
 * the peak's start ≤ retention time ≤ end, and its baseline from before the apex to after it (ASTM E1947
 * peak-processing variables). A table whose columns break that — an EZChrom file writes its start and end
 * in other units than its retention times — gives no limits or no baseline rather than wrong ones.
 *
 * @example
 * const { baseline } = vendorPeakLimits(file.peakTable![0]!);
 */
export function vendorPeakLimits(peak: VendorPeak): VendorPeakLimits {
  const apexSec = peak.retentionTimeSec;
  const brackets = (before: number | null, after: number | null) =>
    apexSec !== null && before !== null && after !== null && before <= apexSec && apexSec <= after;
  const limitsHold = brackets(peak.startSec, peak.endSec);
  const baselineHolds =
    brackets(peak.baselineStartSec, peak.baselineStopSec) &&
    peak.baselineStartValue !== null &&
    peak.baselineStopValue !== null;
  return {
    startSec: limitsHold ? peak.startSec : null,
    endSec: limitsHold ? peak.endSec : null,
    baseline: baselineHolds
      ? {
          startSec: peak.baselineStartSec!,
          startValue: peak.baselineStartValue!,
          stopSec: peak.baselineStopSec!,
          stopValue: peak.baselineStopValue!,
        }
      : null,
  };
}
