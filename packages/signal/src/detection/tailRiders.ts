import { findPeaks } from '../peaks/findPeaks.ts';
import { SKIM_VALLEY_SHARE } from './skimRiders.ts';
import { TAIL_FIT_MIN_R2 } from './tailSkim.ts';

/** The parts of the detection scale a tail rider is read from. */
export interface TailRiderScale {
  /** The detection signal. */
  smoothed: Float64Array;
  /** Every `step`-th sample of it, where the automatic detection searches. */
  coarse: Float64Array;
  step: number;
  /** Its noise range: a candidate maximum rises over its valley by at least this much. */
  smoothedPeakToPeak: number;
  /** Width of the detection kernel in samples (the fit stops its reach short of the valley). */
  smoothingSamples: number;
}

/** Detected peaks whose tails are searched: apexes, prominence bases and widths (full-resolution samples). */
export interface TailHosts {
  peaks: Int32Array;
  leftBases: Int32Array;
  rightBases: Int32Array;
  /** Half-prominence widths (samples). */
  widths: Float64Array;
}

/** Fewest tail samples the exponential is fitted on (two parameters, two degrees of freedom left). */
const MIN_FIT_SAMPLES = 4;

/**
 * Riders on a detected peak's tail whose rise over their own valley is under the quantitation prominence, or
 * narrower at half that rise than a peak may be, but whose height and width over the parent's tail are not:
 * ChemStation corrects a child's height for its parent's slope, so a peak halfway down a tail is measured from
 * the tail carried on under it, not from its valley, which the tail lifts. A candidate is a maximum of the detection signal between a host's apex and its right
 * prominence base, rising over its valley by the noise range, no wider than a peak may be, clear of every apex
 * by `separationShare` of the host's width with no apex between them (`riderOverTail` then decides, the
 * narrowest width included: read over the tail, not at half the rise over the valley).
 * Returns the candidates that are riders (detection-signal maxima).
 *
 * @example tailRiders(scale, found, apexes, 1.36, { minWidthSamples: 1, maxWidthSamples: 60, separationShare: 0.6 })
 */
export function tailRiders(
  scale: TailRiderScale,
  hosts: TailHosts,
  positive: readonly number[],
  minProminence: number,
  /** Narrowest and widest accepted peak (samples); the least distance from any apex in host widths. */
  {
    minWidthSamples,
    maxWidthSamples,
    separationShare,
  }: { minWidthSamples: number; maxWidthSamples: number; separationShare: number },
): number[] {
  // Found on the coarse detection signal as the automatic detection finds its peaks, each then moved to the
  // detection signal's maximum within one coarse step.
  const { step, smoothed } = scale;
  const coarse = findPeaks(scale.coarse, {
    prominence: scale.smoothedPeakToPeak,
    width: { max: maxWidthSamples / step },
  }).peaks;
  const candidates = Array.from(coarse, (index) => {
    let best = Math.min(smoothed.length - 1, index * step);
    for (
      let i = Math.max(0, index * step - step + 1);
      i <= Math.min(smoothed.length - 1, index * step + step - 1);
      i++
    )
      if (smoothed[i]! > smoothed[best]!) best = i;
    return best;
  });
  return candidates.filter((candidate) => {
    const host = hostOf(hosts, candidate);
    if (host < 0) return false;
    const apex = hosts.peaks[host]!;
    const separation = separationShare * hosts.widths[host]!;
    if (candidate - apex < separation) return false;
    if (positive.some((index) => index > apex + separation && index < candidate + separation)) return false;
    return riderOverTail(scale, hosts, host, candidate, minProminence, minWidthSamples);
  });
}

/**
 * Whether the candidate on host k's tail is a rider: below the host's apex, its valley standing above half
 * its height (the skims' valley rule: on the tail, not after it), both read over the line from the host's
 * left base to the lowest point between the candidate and the host's right base; and standing over the
 * host's tail by `minProminence`, the tail over that line fitted as an exponential (log-linear least squares
 * over the last half of the way from the apex to the valley, the kernel's half reach short of it; R² ≥ 0.98,
 * the skims' rule) and carried on to the candidate; and as wide as a peak over that tail (`minWidthSamples` at
 * half its height over it). Read at half its rise over the valley instead, as a maximum of its own is, a rider
 * high on a tail is a sliver of its width: on a crowded run, one 18 high between peaks 75 and 42 high two W50
 * away rose 0.41 over its valley, twice the quantitation prominence, and was 2.4 samples wide there against
 * the 2.75 asked, so neither rule took it.
 */
function riderOverTail(
  scale: TailRiderScale,
  hosts: TailHosts,
  host: number,
  candidate: number,
  minProminence: number,
  minWidthSamples: number,
): boolean {
  const { smoothed } = scale;
  const apex = hosts.peaks[host]!;
  if (!(smoothed[candidate]! < smoothed[apex]!)) return false;
  let valley = apex + 1;
  for (let i = apex + 1; i < candidate; i++) if (smoothed[i]! < smoothed[valley]!) valley = i;
  const above = overHostLine(smoothed, hosts, host, candidate);
  if (above(valley) < SKIM_VALLEY_SHARE * above(candidate)) return false;
  const tail = tailFit(above, apex, valley, valley - Math.max(1, scale.smoothingSamples >> 1));
  if (!tail) return false;
  const over = (i: number) => above(i) - tail(i);
  const height = over(candidate);
  if (height < minProminence) return false;
  // As wide as a peak over the tail carried on under it: its width at half that height (at half its rise over
  // the valley, a rider high on a tail is a sliver of its width).
  let left = candidate;
  while (left > valley && over(left - 1) > height / 2) left--;
  let right = candidate;
  while (right < smoothed.length - 1 && over(right + 1) > height / 2) right++;
  return right - left + 1 >= minWidthSamples;
}

/**
 * Whether a shoulder (a curvature well with no maximum of its own) on host k's tail stands over the host's
 * tail by `minProminence`: the tail fitted as for a rider up to where the shoulder begins (`onset`) and
 * carried on to the well. A peak's logarithm is concave (a Gaussian's and an EMG's are), so the carried-on
 * tail lies over a lone tail and only a second component's area lifts the signal over it.
 */
export function shoulderOverTail(
  scale: TailRiderScale,
  hosts: TailHosts,
  host: number,
  well: number,
  onset: number,
  minProminence: number,
): boolean {
  const apex = hosts.peaks[host]!;
  if (!(well > apex && onset > apex)) return false;
  const above = overHostLine(scale.smoothed, hosts, host, well);
  // At least the fewest samples a fit takes: any further samples lie on the shoulder's front and can only
  // lift the carried-on tail (the test stays on the safe side).
  const to = Math.max(onset, apex + MIN_FIT_SAMPLES);
  if (!(to < well)) return false;
  const tail = tailFit(above, apex, to, to);
  if (!tail) return false;
  const height = above(well) - tail(well);
  if (height < minProminence) return false;
  // A component comes back down to the tail past its apex; a baseline step on the tail stays up: as far past
  // the well as the shoulder began before it, it stands over the carried-on tail by less than at the well.
  const after = Math.min(hosts.rightBases[host]!, well + (well - onset));
  return above(after) - tail(after) < height;
}

/**
 * The host's tail carried on: an exponential fitted over samples up to `to`, as many as half the way from the
 * apex to `end` (at least `MIN_FIT_SAMPLES`); null where it does not fit (`decayFit`).
 */
function tailFit(
  above: (index: number) => number,
  apex: number,
  end: number,
  to: number,
): ((at: number) => number) | null {
  const from = Math.max(apex + 1, to - Math.max(MIN_FIT_SAMPLES - 1, Math.round((end - apex) / 2)));
  return decayFit(above, from, to);
}

/**
 * Heights over the line from host k's left prominence base to the lowest point of the detection signal between
 * `from` and its right base.
 */
function overHostLine(
  smoothed: Float64Array,
  hosts: TailHosts,
  host: number,
  from: number,
): (index: number) => number {
  const left = hosts.leftBases[host]!;
  let low = from;
  for (let i = from; i <= hosts.rightBases[host]!; i++) if (smoothed[i]! < smoothed[low]!) low = i;
  const slope = (smoothed[low]! - smoothed[left]!) / Math.max(1, low - left);
  return (i) => smoothed[i]! - (smoothed[left]! + slope * (i - left));
}

/** The detected peak whose tail (apex to right base) holds the index, the nearest apex first; −1 if none. */
function hostOf(hosts: TailHosts, index: number): number {
  let host = -1;
  for (let k = 0; k < hosts.peaks.length; k++) {
    if (!(index > hosts.peaks[k]! && index < hosts.rightBases[k]!)) continue;
    if (host < 0 || hosts.peaks[k]! > hosts.peaks[host]!) host = k;
  }
  return host;
}

/**
 * An exponential fitted to `height` over the samples from…to (log-linear least squares), as a function that
 * carries it on to any sample; null when the window holds too few samples or a height ≤ 0, or the fit does not
 * decay with R² ≥ 0.98.
 */
function decayFit(
  height: (index: number) => number,
  from: number,
  to: number,
): ((at: number) => number) | null {
  if (to - from + 1 < MIN_FIT_SAMPLES) return null;
  const count = to - from + 1;
  const logs = new Float64Array(count);
  for (let i = from; i <= to; i++) {
    const value = height(i);
    if (!(value > 0)) return null;
    logs[i - from] = Math.log(value);
  }
  const meanX = (count - 1) / 2;
  const meanY = logs.reduce((sum, y) => sum + y, 0) / count;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  logs.forEach((y, x) => {
    sxx += (x - meanX) ** 2;
    sxy += (x - meanX) * (y - meanY);
    syy += (y - meanY) ** 2;
  });
  const slope = sxy / sxx;
  if (!(slope < 0) || (sxy * sxy) / (sxx * syy) < TAIL_FIT_MIN_R2) return null;
  return (at) => Math.exp(meanY + slope * (at - from - meanX));
}
