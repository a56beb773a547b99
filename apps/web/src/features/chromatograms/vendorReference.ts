// The vendor's peaks of a comparison as the plot draws them: each baseline from its start to its stop point,
// with ticks at the peak's limits (at the baseline's ends when the table gives no limits); a vendor row
// without a baseline is not drawn.
import type { MeasurementVendorComparison } from '@eluent/contracts';
import type { ReferencePeak } from '../../plot/plotTypes.ts';

export function referencePeaksOf(comparison: MeasurementVendorComparison | null): ReferencePeak[] {
  if (!comparison) return [];
  return comparison.rows.flatMap(({ vendor }) => {
    if (!vendor) return [];
    const startSec = vendor.start_sec ?? vendor.baseline_start_sec;
    const endSec = vendor.end_sec ?? vendor.baseline_stop_sec;
    const {
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
