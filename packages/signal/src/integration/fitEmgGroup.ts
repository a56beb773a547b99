import { baselineAt } from './integrateArea.ts';
import { firstIndexAtOrAfter } from './sampleCells.ts';
import { emgCurve, type EmgParameters } from '../models/emg.ts';
import { levenbergMarquardt } from '../models/levenbergMarquardt.ts';
import type { PeakLimits } from '../figures/measurePeak.ts';

export interface EmgGroupFit {
  components: EmgParameters[];
  /**
   * Reconstruction score R = Σ|fit| / Σ|signal| over the group window (hplc-py's score without its "+1",
   * so it does not depend on the signal unit); 1 when both sums are 0, +∞ when only the signal's is.
   */
  score: number;
  /** First and last sample index of the fitted window. */
  fromIndex: number;
  toIndex: number;
}

/** Σ|fit| / Σ|signal|, dimensionless: the same for a signal in V and in µV. */
export function reconstructionScore(fitSum: number, signalSum: number): number {
  if (signalSum > 0) return fitSum / signalSum;
  return fitSum === 0 ? 1 : Number.POSITIVE_INFINITY;
}

/**
 * Fits one EMG per peak of a group sharing one baseline (`peak_fitting_v1`): bounded Levenberg–Marquardt on
 * the signal above the group baseline; σ and τ are fitted as logarithms so they stay positive.
 * Initial guesses: area from the drop-line integration, centre at the apex, σ from W50/2.355, τ = σ/4.
 */
export function fitEmgGroup(
  timeSec: ArrayLike<number>,
  values: ArrayLike<number>,
  group: readonly PeakLimits[],
  initialAreas: readonly number[],
  initialWidthsSec: readonly (number | null)[],
): EmgGroupFit {
  const first = group[0] as PeakLimits;
  const last = group[group.length - 1] as PeakLimits;
  const fromIndex = firstIndexAtOrAfter(timeSec, first.startSec);
  const toIndex = Math.min(timeSec.length - 1, firstIndexAtOrAfter(timeSec, last.endSec));
  const times = Float64Array.prototype.slice.call(timeSec, fromIndex, toIndex + 1) as Float64Array;
  const observed = Float64Array.from(
    times,
    (t, i) => (values[fromIndex + i] as number) - baselineAt(first.baseline, t),
  );
  const initial: number[] = [];
  const lower: number[] = [];
  const upper: number[] = [];
  const step = (times[times.length - 1]! - times[0]!) / Math.max(1, times.length - 1);
  group.forEach((peak, k) => {
    const sigma = Math.max(step, (initialWidthsSec[k] ?? 4 * step) / 2.3548);
    const apex = timeSec[peak.apexIndex] as number;
    const area = Math.max(initialAreas[k] ?? 0, 1e-12);
    initial.push(area, apex - sigma * 0.2, Math.log(sigma), Math.log(sigma / 4));
    lower.push(0, first.startSec, Math.log(step / 4), Math.log(step / 100));
    upper.push(
      area * 100,
      last.endSec,
      Math.log(times[times.length - 1]! - times[0]! + step),
      Math.log(10 * sigma + step),
    );
  });
  const toComponents = (parameters: readonly number[]): EmgParameters[] =>
    group.map((_, k) => ({
      area: parameters[4 * k] as number,
      centreSec: parameters[4 * k + 1] as number,
      sigmaSec: Math.exp(parameters[4 * k + 2] as number),
      tauSec: Math.exp(parameters[4 * k + 3] as number),
    }));
  const model = (parameters: readonly number[]) => {
    const sum = new Float64Array(times.length);
    for (const component of toComponents(parameters)) {
      const curve = emgCurve(times, component);
      for (let i = 0; i < sum.length; i++) sum[i] = (sum[i] as number) + (curve[i] as number);
    }
    return sum;
  };
  const fit = levenbergMarquardt(model, observed, initial, { lower, upper, maxIterations: 300 });
  const fitted = model(fit.parameters);
  let fitSum = 0;
  let signalSum = 0;
  for (let i = 0; i < fitted.length; i++) {
    fitSum += Math.abs(fitted[i] as number);
    signalSum += Math.abs(observed[i] as number);
  }
  return {
    components: toComponents(fit.parameters),
    score: reconstructionScore(fitSum, signalSum),
    fromIndex,
    toIndex,
  };
}
