// The vendor's peaks of a comparison as the plot draws them: each with its limits and its baseline's start and
// stop points; a vendor row that lacks any of them is not drawn.
import type { MeasurementVendorComparison } from '@eluent/contracts';
import type { ReferencePeak } from '../../plot/plotTypes.ts';

export function referencePeaksOf(comparison: MeasurementVendorComparison | null): ReferencePeak[] {
  if (!comparison) return [];
  return comparison.rows.flatMap(({ vendor }) => {
    if (!vendor) return [];
    const {
      start_sec: startSec,
      end_sec: endSec,
      baseline_start_sec: baselineStartSec,
      baseline_start_value: baselineStartValue,
      baseline_stop_sec: baselineStopSec,
      baseline_stop_value: baselineStopValue,
    } = vendor;
    if (
      startSec === null ||
      endSec === null ||
      baselineStartSec === null ||
      baselineStartValue === null ||
      baselineStopSec === null ||
      baselineStopValue === null
    )
      return [];
    return [{ startSec, endSec, baselineStartSec, baselineStartValue, baselineStopSec, baselineStopValue }];
  });
}
