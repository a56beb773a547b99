import type { PeakLimits } from '../figures/measurePeak.ts';
import { measurePeak } from '../figures/measurePeak.ts';
import type { Peak } from '../figures/peak.ts';
import { fitEmgGroup } from '../integration/fitEmgGroup.ts';
import { firstIndexAtOrAfter } from '../integration/sampleCells.ts';
import { emgCurve } from '../models/emg.ts';
import type { ProcessingTemplate } from './processingTemplate.ts';

/** Peak integration quality threshold used when the template leaves it null (hplc-py's default rtol). */
const DEFAULT_FIT_TOLERANCE = 0.01;

/** Replaces the drop-line figures of each fused group by EMG components when the fit meets the threshold. */
export function fitPeaks(
  timeSec: Float64Array,
  limits: PeakLimits[],
  peaks: Peak[],
  values: Float64Array,
  template: ProcessingTemplate,
): Peak[] {
  const tolerance = template.peak_integration_quality_threshold ?? DEFAULT_FIT_TOLERANCE;
  const result: Peak[] = [];
  let start = 0;
  while (start < limits.length) {
    let end = start;
    while (end + 1 < limits.length && limits[end + 1]!.baseline === limits[start]!.baseline) end++;
    const group = limits.slice(start, end + 1);
    const measured = peaks.slice(start, end + 1);
    const fit = fitEmgGroup(
      timeSec,
      values,
      group,
      measured.map((p) => p.area),
      measured.map((p) => p.widthHalfSec),
    );
    if (Math.abs(fit.score - 1) > tolerance) {
      result.push(...measured);
    } else {
      fit.components.forEach((component, k) => {
        const curve = emgCurve(timeSec, component);
        let apex = 0;
        const from = firstIndexAtOrAfter(timeSec, group[0]!.startSec);
        for (let i = from; i <= fit.toIndex; i++) if (curve[i]! > curve[apex]!) apex = i;
        const zero = { startSec: group[k]!.startSec, startValue: 0, endSec: group[k]!.endSec, endValue: 0 };
        const shape = measurePeak(timeSec, curve, {
          ...group[k]!,
          apexIndex: apex,
          apexSec: undefined,
          baseline: zero,
        });
        result.push({
          ...shape,
          baselineStartValue: measured[k]!.baselineStartValue,
          baselineEndValue: measured[k]!.baselineEndValue,
          area: component.area,
        });
      });
    }
    start = end + 1;
  }
  return result;
}
