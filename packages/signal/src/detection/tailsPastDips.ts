import type { PeakLimits } from '../figures/measurePeak.ts';
import { emgValue } from '../models/emg.ts';
import { STEP_ROUNDING } from '../integration/sampleCells.ts';
import { fitEmgPeak } from './emgTail.ts';
// The share of the fitted samples' variance the parent's EMG must explain: the skims' acceptance rule.
import { TAIL_FIT_MIN_R2 as MIN_FIT_R2 } from './tailSkim.ts';
import { levelAt, type BaselineLevel, type BelowBaselineStretch } from './runBaselineLevel.ts';

export interface TailsPastDipsInput {
  timeSec: Float64Array;
  values: Float64Array;
  /** Each peak's limits, in time order (negative peaks carry sign −1). */
  limits: readonly PeakLimits[];
  /** Per peak, its parent when it is a skimmed rider. */
  skimParents: readonly (number | undefined)[];
  baselineLevel: { level: BaselineLevel; below: readonly BelowBaselineStretch[] } | null | undefined;
  /** Noise range of the raw signal: what the maximum's own height may still be. */
  rawPeakToPeak: number;
  /** Width of the detection kernel in samples: the maximum's height is a mean over it. */
  smoothingSamples: number;
}

/** The first sample at or after `tSec`. */
function sampleAt(timeSec: Float64Array, tSec: number): number {
  let low = 0;
  let high = timeSec.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (timeSec[middle]! < tSec) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Peaks that are the tail of the peak before a dip coming out again after it. A dip between two peaks
 * takes the baseline under the first one's tail (baseline penetration: that peak ends where its flank
 * meets the run's level); where the tail still stands above the level past the dip, it rises out of the
 * dip's recovery and falls again as a maximum of its own, with no height of its own. Such a maximum is
 * not a peak when the peak before the dip, fitted as an exponentially modified Gaussian to the signal
 * above the run's level up to the dip (R² ≥ 0.98), accounts for its whole height over the level within
 * the raw noise range (its height a mean over the detection kernel): ChemStation reads a child's height over its parent's tail, and a peak with none
 * over it is the parent's. Returns the positions of such peaks in `limits`.
 */
export function tailsPastDips(input: TailsPastDipsInput): Set<number> {
  const dropped = new Set<number>();
  const found = input.baselineLevel;
  if (!found?.below.length) return dropped;
  const { timeSec, values, limits } = input;
  const above = (i: number) => values[i]! - levelAt(found.level, i).line;
  for (let k = 1; k < limits.length; k++) {
    const limit = limits[k]!;
    if (limit.sign === -1 || input.skimParents[k] !== undefined) continue;
    const start = sampleAt(timeSec, limit.startSec);
    const dip = found.below.find((stretch) => start >= stretch.to && start <= stretch.to + 2);
    if (!dip) continue;
    const before = previousPositive(limits, input.skimParents, k, dropped);
    if (before < 0) continue;
    const parent = limits[before]!;
    const end = sampleAt(timeSec, parent.endSec);
    if (parent.apexIndex >= dip.from || end < dip.from - 2 || end > dip.from) continue;
    const fit = fitEmgPeak(timeSec, above, parent.apexIndex, end);
    if (!fit || !(fit.r2 >= MIN_FIT_R2)) continue;
    const own = meanOver(
      limit.apexIndex,
      input.smoothingSamples >> 1,
      values.length,
      (i) => above(i) - emgValue(timeSec[i]!, fit),
    );
    if (own <= input.rawPeakToPeak) dropped.add(k);
  }
  return dropped;
}

/** The mean of `value` over `centre` ± `half` samples (within the run). */
function meanOver(centre: number, half: number, length: number, value: (i: number) => number): number {
  let sum = 0;
  let count = 0;
  for (let i = Math.max(0, centre - half); i <= Math.min(length - 1, centre + half); i++) {
    sum += value(i);
    count++;
  }
  return sum / count;
}

/** The nearest positive, unskimmed peak before position `k` that is still kept, or −1. */
function previousPositive(
  limits: readonly PeakLimits[],
  skimParents: readonly (number | undefined)[],
  k: number,
  dropped: ReadonlySet<number>,
): number {
  for (let j = k - 1; j >= 0; j--) {
    if (limits[j]!.sign === -1 || skimParents[j] !== undefined || dropped.has(j)) continue;
    return j;
  }
  return -1;
}

/**
 * The area a peak loses to a dip on its tail. A peak that ends where a dip begins (baseline penetration:
 * its flank met the run's level there) lost the rest of its tail to the dip: the dip is a negative peak on
 * that tail, and as a rider on a tail is skimmed off its parent's extrapolated tail, the parent keeps the
 * area under its fitted EMG (above the run's level, from its front to the dip, R² ≥ 0.98) from where the
 * signal leaves that curve by half the raw noise range, across the dip, to where the next positive peak
 * starts (which holds the tail beyond in its own area), or to the tail's end when none follows. Returns,
 * per position in `limits`, the area to add.
 */
export function tailAreasUnderDips(input: TailsPastDipsInput): Map<number, number> {
  const added = new Map<number, number>();
  const found = input.baselineLevel;
  if (!found?.below.length) return added;
  const { timeSec, values, limits } = input;
  const above = (i: number) => values[i]! - levelAt(found.level, i).line;
  for (let k = 0; k < limits.length; k++) {
    const limit = limits[k]!;
    if (limit.sign === -1 || input.skimParents[k] !== undefined) continue;
    const end = sampleAt(timeSec, limit.endSec);
    const dip = found.below.find((stretch) => end >= stretch.from - 2 && end <= stretch.from);
    if (!dip || limit.apexIndex >= dip.from) continue;
    const fit = fitEmgPeak(timeSec, above, limit.apexIndex, end);
    if (!fit || !(fit.r2 >= MIN_FIT_R2)) continue;
    const curve = (t: number) => emgValue(t, fit);
    // Where the signal leaves the curve (by half the noise range) and stays under it up to the end.
    let leave = end;
    while (leave > limit.apexIndex && above(leave) < curve(timeSec[leave]!) - input.rawPeakToPeak / 2)
      leave--;
    const next = limits.slice(k + 1).find((other) => other.sign !== -1);
    const lastSec = next
      ? next.startSec
      : fit.centreSec + TAIL_SIGMAS * fit.sigmaSec + TAIL_TAUS * fit.tauSec;
    added.set(k, areaUnderCurve(timeSec, leave, end, above, curve, lastSec));
  }
  return added;
}

/** Beyond its centre + 8σ + 40τ an EMG holds less than e⁻⁴⁰ of its area. */
const TAIL_SIGMAS = 8;
const TAIL_TAUS = 40;

/**
 * The curve's area over the signal's (both above the level) from sample `leave` to `end`, plus the curve's
 * own area from `end` to `lastSec`, on the run's sampling step.
 */
function areaUnderCurve(
  timeSec: Float64Array,
  leave: number,
  end: number,
  above: (i: number) => number,
  curve: (tSec: number) => number,
  lastSec: number,
): number {
  let area = 0;
  for (let i = leave + 1; i <= end; i++) {
    area += (curve(timeSec[i]!) - above(i)) * (timeSec[i]! - timeSec[i - 1]!);
  }
  const stepSec = timeSec[end]! - timeSec[Math.max(0, end - 1)]!;
  if (!(stepSec > 0)) return area;
  // Whole steps counted from their ratio, not by adding steps to a time: the sum's rounding made the count
  // differ by one between a run in seconds and the same run in minutes.
  const steps = Math.floor((lastSec - timeSec[end]!) / stepSec + STEP_ROUNDING);
  for (let k = 1; k <= steps; k++) area += curve(timeSec[end]! + k * stepSec) * stepSec;
  return area;
}
