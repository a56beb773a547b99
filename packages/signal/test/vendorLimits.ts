import type { VendorPeak } from '../src/files/chromatogram.ts';
import { baselineAt } from '../src/integration/integrateArea.ts';
import { firstIndexAtOrAfter } from '../src/integration/sampleCells.ts';
import type { PeakLimits } from '../src/figures/measurePeak.ts';

/** Integration limits and baseline exactly as the vendor's peak table gives them. */
export function vendorLimits(timeSec: Float64Array, values: Float64Array, peak: VendorPeak): PeakLimits {
  const baseline = {
    startSec: peak.baselineStartSec!,
    startValue: peak.baselineStartValue!,
    endSec: peak.baselineStopSec!,
    endValue: peak.baselineStopValue!,
  };
  let apexIndex = firstIndexAtOrAfter(timeSec, peak.startSec!);
  for (let i = apexIndex; i < timeSec.length && timeSec[i]! <= peak.endSec!; i++) {
    if (
      values[i]! - baselineAt(baseline, timeSec[i]!) >
      values[apexIndex]! - baselineAt(baseline, timeSec[apexIndex]!)
    ) {
      apexIndex = i;
    }
  }
  return {
    startSec: peak.startSec!,
    endSec: peak.endSec!,
    apexIndex,
    baseline,
    startCode: peak.startCode === 'V' ? 'V' : 'B',
    stopCode: peak.stopCode === 'V' ? 'V' : 'B',
  };
}
