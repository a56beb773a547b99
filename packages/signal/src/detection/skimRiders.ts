import { baselineAt, type BaselineLine } from '../integration/integrateArea.ts';
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

/** An exponential fit of the tail is used when it explains this share of the tail's variance. */
const TAIL_FIT_MIN_R2 = 0.98;

/**
 * The parent's tail above the cluster line just before the valley, fitted as amplitude · exp(−(t − t_v)/τ)
 * (log-linear least squares over the last half of the way from the parent's apex to the valley, stopping
 * short of the rider's rise); null when the tail is not a clean decaying exponential.
 */
function exponentialTail(
  input: LimitsInput,
  line: BaselineLine,
  parentApex: number,
  valleyIndex: number,
): NonNullable<BaselineLine['tail']> | null {
  const { timeSec, smoothed } = input;
  const margin = Math.max(1, input.smoothingSamples ?? 1);
  const to = valleyIndex - margin;
  const from = Math.max(parentApex + 1, to - Math.max(8, Math.round((valleyIndex - parentApex) / 2)));
  if (to - from < 5) return null;
  const origin = timeSec[valleyIndex]!;
  let count = 0;
  let sumT = 0;
  let sumY = 0;
  let sumTT = 0;
  let sumTY = 0;
  let sumYY = 0;
  for (let i = from; i <= to; i++) {
    const above = smoothed[i]! - baselineAt(line, timeSec[i]!);
    if (!(above > 0)) return null;
    const t = timeSec[i]! - origin;
    const y = Math.log(above);
    count++;
    sumT += t;
    sumY += y;
    sumTT += t * t;
    sumTY += t * y;
    sumYY += y * y;
  }
  const covariance = sumTY - (sumT * sumY) / count;
  const varianceT = sumTT - (sumT * sumT) / count;
  const varianceY = sumYY - (sumY * sumY) / count;
  const slope = covariance / varianceT;
  if (!(slope < 0) || !(varianceY > 0)) return null;
  const r2 = (covariance * covariance) / (varianceT * varianceY);
  if (r2 < TAIL_FIT_MIN_R2) return null;
  const intercept = (sumY - slope * sumT) / count;
  return { amplitude: Math.exp(intercept), originSec: origin, tauSec: -1 / slope };
}

/**
 * Skim of riders on a tail (exponential when the parent's tail fits one, else tangent): the rider's baseline runs from the valley to the point after it
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
    const originalEnd = child.endSec;
    const originalStop = child.stopCode;
    const parentApex = parent.apexIndex;
    const tail =
      sign === 1 && parentApex < valleyIndex
        ? exponentialTail(input, child.baseline, parentApex, valleyIndex)
        : null;
    if (tail) {
      const riderBaseline = { ...child.baseline, tail };
      // Under an exponential skim the rider keeps its whole range: past its end the signal is the tail.
      const end = endIndex;
      result[k] = {
        ...child,
        startSec: timeSec[valleyIndex]!,
        endSec: timeSec[end]!,
        baseline: riderBaseline,
        startCode: 'T',
        stopCode: 'T',
        skimParent: parentIndex,
      };
      result[parentIndex] = { ...parent, endSec: originalEnd, stopCode: originalStop };
      continue;
    }
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
