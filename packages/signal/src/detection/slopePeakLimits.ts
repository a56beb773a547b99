import { localLevel } from '../baseline/localLevel.ts';
import type { BaselineLine } from '../integration/integrateArea.ts';
import type { PeakLimits } from '../figures/measurePeak.ts';
import type { SlopePeak } from './detectFirstDerivative.ts';

/**
 * Fraction of the lower apex (above the pair's baseline) the valley must stand above it to fuse: a
 * valley this high means the peaks overlap; lower, the first peak has nearly returned to baseline.
 */
const VALLEY_FRACTION = 0.5;

/**
 * Whether two touching peaks form a valley pair: the shared limit stands clearly above the straight line
 * from the first peak's start to the second one's stop. Otherwise the contact is baseline (codes B).
 */
function isValleyPair(values: ArrayLike<number>, left: SlopePeak, right: SlopePeak): boolean {
  if (right.startIndex > left.stopIndex) return false;
  const from = left.startIndex;
  const to = right.stopIndex;
  const lineAt = (i: number) =>
    (values[from] as number) +
    (((values[to] as number) - (values[from] as number)) * (i - from)) / (to - from);
  const above = (i: number) => (values[i] as number) - lineAt(i);
  const lowerApex = Math.min(above(left.apexIndex), above(right.apexIndex));
  return above(left.stopIndex) > VALLEY_FRACTION * lowerApex;
}

/**
 * Integration limits for slope-detected peaks. Peaks that meet in a valley (one stops where the next
 * starts, well above the baseline) share one baseline from the first start to the last stop, split by
 * drop lines at the valley (codes V), as a CDS draws a fused pair; other peaks get their own baseline
 * through the signal at their limits.
 * With `fixedLine` (template `value_at_start` / `value_at_end`) every peak uses that line instead.
 */
export function slopePeakLimits(
  timeSec: ArrayLike<number>,
  values: ArrayLike<number>,
  peaks: readonly SlopePeak[],
  fixedLine: BaselineLine | null,
): PeakLimits[] {
  const limits: PeakLimits[] = [];
  let first = 0;
  while (first < peaks.length) {
    let last = first;
    while (last + 1 < peaks.length && isValleyPair(values, peaks[last]!, peaks[last + 1]!)) last++;
    const startSec = timeSec[peaks[first]!.startIndex] as number;
    const endSec = timeSec[peaks[last]!.stopIndex] as number;
    const baseline = fixedLine ?? {
      startSec,
      startValue: localLevel(timeSec, values, startSec),
      endSec,
      endValue: localLevel(timeSec, values, endSec),
    };
    for (let k = first; k <= last; k++) {
      const peak = peaks[k]!;
      limits.push({
        startSec: k === first ? startSec : (timeSec[peaks[k - 1]!.stopIndex] as number),
        endSec: k === last ? endSec : (timeSec[peak.stopIndex] as number),
        apexIndex: peak.apexIndex,
        baseline,
        startCode: k === first ? 'B' : 'V',
        stopCode: k === last ? 'B' : 'V',
      });
    }
    first = last + 1;
  }
  return limits;
}
