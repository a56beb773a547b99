import { localLevelAt } from '../baseline/localLevel.ts';
import type { PeakLimits } from '../figures/measurePeak.ts';

/**
 * Integration limits for detected apexes, the way a CDS draws them: from each apex walk outward while the
 * signal keeps reaching new lows; stop after `patience` samples without one (baseline contact, code B) or
 * at a neighbour (valley). Neighbours whose walks meet are fused: one baseline across the group and a
 * drop line at the interpolated valley (codes V). Baseline values are 5-sample local averages.
 */
export function peakLimits(
  timeSec: ArrayLike<number>,
  values: ArrayLike<number>,
  apexes: ArrayLike<number>,
  patienceSamples: ArrayLike<number>,
  noiseTolerance = 0,
): PeakLimits[] {
  const count = apexes.length;
  const n = values.length;
  const left: number[] = [];
  const right: number[] = [];
  for (let k = 0; k < count; k++) {
    const apex = apexes[k] as number;
    const patience = Math.max(3, Math.round(patienceSamples[k] as number));
    const lowerBound = k > 0 ? (apexes[k - 1] as number) : 0;
    const upperBound = k < count - 1 ? (apexes[k + 1] as number) : n - 1;
    let best = apex;
    // A new low counts only when it beats the current one by more than the noise, so flat noisy
    // baseline ends the walk instead of dragging it along.
    for (let i = apex - 1; i >= lowerBound && best - i <= patience; i--) {
      if ((values[i] as number) < (values[best] as number) - noiseTolerance) best = i;
    }
    left.push(best);
    best = apex;
    for (let i = apex + 1; i <= upperBound && i - best <= patience; i++) {
      if ((values[i] as number) < (values[best] as number) - noiseTolerance) best = i;
    }
    right.push(best);
  }
  // Group peaks whose limits meet or cross; each group gets one baseline.
  const limits: PeakLimits[] = [];
  let groupStart = 0;
  for (let k = 0; k < count; k++) {
    // Walks that meet, or stop within two samples of each other, end in the same valley.
    const fusedWithNext = k < count - 1 && (right[k] as number) >= (left[k + 1] as number) - 2;
    if (fusedWithNext) continue;
    const startIndex = left[groupStart] as number;
    const endIndex = right[k] as number;
    const baseline = {
      startSec: timeSec[startIndex] as number,
      startValue: localLevelAt(values, startIndex),
      endSec: timeSec[endIndex] as number,
      endValue: localLevelAt(values, endIndex),
    };
    let previousEnd = baseline.startSec;
    for (let member = groupStart; member <= k; member++) {
      let endSec = baseline.endSec;
      if (member < k) {
        const from = apexes[member] as number;
        const to = apexes[member + 1] as number;
        let valley = from;
        for (let i = from; i <= to; i++) if ((values[i] as number) < (values[valley] as number)) valley = i;
        endSec = interpolatedValley(timeSec, values, valley);
      }
      limits.push({
        startSec: previousEnd,
        endSec,
        apexIndex: apexes[member] as number,
        baseline,
        startCode: member === groupStart ? 'B' : 'V',
        stopCode: member === k ? 'B' : 'V',
      });
      previousEnd = endSec;
    }
    groupStart = k + 1;
  }
  return limits;
}

/** Valley time from the parabola through the lowest sample and its neighbours. */
function interpolatedValley(timeSec: ArrayLike<number>, values: ArrayLike<number>, index: number): number {
  const t = timeSec[index] as number;
  if (index <= 0 || index >= values.length - 1) return t;
  const a = values[index - 1] as number;
  const b = values[index] as number;
  const c = values[index + 1] as number;
  const curvature = a - 2 * b + c;
  if (!(curvature > 0)) return t;
  const delta = (0.5 * (a - c)) / curvature;
  const step = delta < 0 ? t - (timeSec[index - 1] as number) : (timeSec[index + 1] as number) - t;
  return t + Math.max(-0.5, Math.min(0.5, delta)) * step;
}
