import { baselineAt } from '../integration/integrateArea.ts';
import { firstIndexAtOrAfter } from '../integration/sampleCells.ts';
import type { PeakLimits } from '../figures/measurePeak.ts';
import type { LimitsInput } from './integrationLimits.ts';

/**
 * A peak is a rider when the peak before it in its cluster is at least this many times higher (both above
 * the cluster baseline): Chromeleon's rider threshold and Empower's skim ratio are rules of this kind.
 */
export const SKIM_HEIGHT_RATIO = 5;
/** …and the valley before it stands above this share of its own height (it sits on the tail). */
const SKIM_VALLEY_SHARE = 0.5;

/**
 * Tangent skim of riders on a tail: the rider's baseline runs from the valley to the point after it
 * where a line from the valley touches the signal (the lowest such line); the parent keeps the cluster
 * baseline, ends where the rider ended before, and gives up the rider's area (`skimParent`).
 */
export function skimRiders(input: LimitsInput, limits: PeakLimits[]): PeakLimits[] {
  const { timeSec, smoothed } = input;
  const result = limits.map((limit) => ({ ...limit }));
  for (let k = 1; k < result.length; k++) {
    const child = result[k]!;
    const parentIndex = result[k - 1]!.skimParent ?? k - 1;
    const parent = result[parentIndex]!;
    if (child.startCode !== 'V' || parent.baseline !== child.baseline) continue;
    const sign = child.sign ?? 1;
    const above = (index: number) => sign * (smoothed[index]! - baselineAt(child.baseline, timeSec[index]!));
    const childHeight = above(child.apexIndex);
    const parentHeight = above(parent.apexIndex);
    const valleyIndex = Math.min(timeSec.length - 1, firstIndexAtOrAfter(timeSec, child.startSec));
    const valleyHeight = above(valleyIndex);
    if (
      !(parentHeight >= SKIM_HEIGHT_RATIO * childHeight) ||
      valleyHeight < SKIM_VALLEY_SHARE * childHeight
    ) {
      continue;
    }
    const endIndex = Math.min(timeSec.length - 1, firstIndexAtOrAfter(timeSec, child.endSec));
    const startValue = smoothed[valleyIndex]!;
    let touch = -1;
    let lowestSlope = Infinity;
    for (let i = child.apexIndex + 1; i <= endIndex; i++) {
      const slope = (sign * (smoothed[i]! - startValue)) / (timeSec[i]! - timeSec[valleyIndex]!);
      if (slope < lowestSlope) {
        lowestSlope = slope;
        touch = i;
      }
    }
    if (touch < 0) continue;
    const originalEnd = child.endSec;
    const originalStop = child.stopCode;
    result[k] = {
      ...child,
      startSec: timeSec[valleyIndex]!,
      endSec: timeSec[touch]!,
      baseline: {
        startSec: timeSec[valleyIndex]!,
        startValue,
        endSec: timeSec[touch]!,
        endValue: smoothed[touch]!,
      },
      startCode: 'T',
      stopCode: 'T',
      skimParent: parentIndex,
    };
    result[parentIndex] = { ...parent, endSec: originalEnd, stopCode: originalStop };
  }
  return result;
}
