import type { BaselineLine } from '../integration/integrateArea.ts';
import type { PeakLimits } from '../figures/measurePeak.ts';
import type { DetectedApex } from './detectAutomatic.ts';
import { firstLowest } from './firstLowest.ts';
import { contactsOutOfDips } from './dipContacts.ts';
import type { BaselineLevel, BelowBaselineStretch } from './runBaselineLevel.ts';
import { interpolatedMinimum } from './interpolatedMinimum.ts';
import { signalValley, signalValleyPoint } from './signalValley.ts';
import { skimRiders } from './skimRiders.ts';
import { flankContacts, meetAtBaselineCrossings } from './flankContacts.ts';
import { fusedClusters } from './fusedClusters.ts';

export interface LimitsInput {
  timeSec: Float64Array;
  values: Float64Array;
  /** The detection signal (smoothed); boundaries and valleys are found on it. */
  smoothed: Float64Array;
  /** Curvature of the detection signal: splits a shoulder from its peak where there is no valley. */
  bend: Float64Array;
  apexes: readonly DetectedApex[];
  /** Half-prominence width of each apex in samples (walk patience). */
  widths: ArrayLike<number>;
  /** Noise range of the detection signal: a new low must beat the last by half of it. */
  noisePeakToPeak: number;
  /** Width of the detection kernel in samples. @default 1 */
  smoothingSamples?: number;
  /** Baseline drift per sample: a flank falling no faster than this has reached the baseline. @default 0 */
  driftPerSample?: number;
  /** Noise range of the raw signal: a valley of the signal counts when it is this much lower. @default noisePeakToPeak */
  rawPeakToPeak?: number;
  /**
   * The detection's narrow-end width (samples, `SignalScale.widthSamples`): a baseline step over two samples
   * stops a walk where its new level holds `STEP_HOLD_WIDTHS` of it. @default none (one-sample steps only)
   */
  widthSamples?: number;
  /**
   * The skim a skim event forces on a rider whose apex is at this sample (tangent or exponential), or null
   * for the automatic rule. @default none
   */
  skimMode?: (apexIndex: number) => 'tangent' | 'exponential' | null;
  /**
   * The run's baseline level from its flat stretches and the stretches clearly under it (dips): a contact
   * in such a stretch is not a baseline contact. @default none
   */
  baselineLevel?: { level: BaselineLevel; below: readonly BelowBaselineStretch[] } | null;
}

/** Samples averaged on the outer side of a baseline contact for its anchor value. */
const ANCHOR_SAMPLES = 5;

/**
 * Integration limits the way a chromatographer draws them (Chromeleon/Empower rules):
 * - from each apex the detection signal is followed outward while it reaches new lows by more than half
 *   the noise range; the peak starts/ends at the last new low (baseline contact) or at a neighbour;
 * - neighbours of the same sign whose walks meet form a cluster with one baseline and drop lines at the
 *   interpolated valleys (at the curvature maximum for a shoulder without a valley);
 * - a cluster baseline that would cut through the signal is re-anchored at the valley (valley to valley);
 * - baseline anchors are the signal on the outer side of a contact, never a mean over the rising flank;
 * - a small peak on the tail of a much larger one is tangent-skimmed (see `skimRiders`);
 * - negative peaks are walked on the inverted signal and never join a positive cluster.
 */
export function integrationLimits(input: LimitsInput): PeakLimits[] {
  const tolerance = input.noisePeakToPeak / 2;
  const { left, right } = flankContacts(input, tolerance);
  meetAtBaselineCrossings(input.apexes, input.smoothed, left, right);
  const levelAnchors = contactsOutOfDips(input.apexes, input.baselineLevel, left, right);
  contactsIntoSignalValleys(input, left, right, tolerance);
  const limits: PeakLimits[] = [];
  const groups = fusedClusters(input, { left, right });
  contactsApart(input, groups, left, right);
  for (const group of groups) {
    limits.push(
      ...clusterLimits(
        input,
        group.from,
        group.to,
        left[group.from]!,
        right[group.to]!,
        tolerance,
        levelAnchors,
      ),
    );
  }
  return skimRiders(input, limits);
}

/**
 * Neighbouring clusters whose contacts crossed (the walks met, but in a valley at the baseline, so the two
 * were not fused) meet at the lowest point of the detection signal between the two contacts: two peaks never
 * share a stretch of signal. Moves the contacts in `left` and `right` in place.
 */
function contactsApart(
  input: LimitsInput,
  groups: readonly { from: number; to: number }[],
  left: Int32Array,
  right: Int32Array,
): void {
  for (let g = 0; g + 1 < groups.length; g++) {
    const end = groups[g]!.to;
    const start = groups[g + 1]!.from;
    if (right[end]! <= left[start]! || input.apexes[end]!.sign !== input.apexes[start]!.sign) continue;
    const meet = firstLowest(input.smoothed, input.apexes[end]!.sign, left[start]!, right[end]!);
    right[end] = meet;
    left[start] = meet;
  }
}

/**
 * A contact in a valley (the detection signal rises beyond it towards the neighbour) moves to the signal's
 * own valley: the kernel's reach carries a large neighbour's flank and pulls it inwards. Moves the contacts
 * in `left` and `right` in place.
 */
function contactsIntoSignalValleys(
  input: LimitsInput,
  left: Int32Array,
  right: Int32Array,
  tolerance: number,
): void {
  const { values, smoothed, apexes } = input;
  const count = apexes.length;
  const valleyScale = {
    smoothingSamples: input.smoothingSamples ?? 1,
    rawPeakToPeak: input.rawPeakToPeak ?? input.noisePeakToPeak,
  };
  const reach = Math.max(1, input.smoothingSamples ?? 1);
  for (let k = 0; k < count; k++) {
    const sign = apexes[k]!.sign;
    if (k + 1 < count && apexes[k + 1]!.sign === sign) {
      const c = right[k]!;
      const next = apexes[k + 1]!.index;
      if (sign * (smoothed[Math.min(next, c + reach)]! - smoothed[c]!) > tolerance) {
        right[k] = signalValley(values, c, apexes[k]!.index, next, valleyScale, sign);
      }
    }
    if (k > 0 && apexes[k - 1]!.sign === sign) {
      const c = left[k]!;
      const previous = apexes[k - 1]!.index;
      if (sign * (smoothed[Math.max(previous, c - reach)]! - smoothed[c]!) > tolerance) {
        left[k] = signalValley(values, c, previous, apexes[k]!.index, valleyScale, sign);
      }
    }
  }
}

/**
 * Where the cluster splits between members k and k+1: at the signal's valley, where a shoulder at its
 * host's foot begins (`onset`), or for a shoulder at the bend.
 */
type SplitKind = 'valley' | 'onset' | 'bend';

/** Index where the cluster splits between members k and k+1, and how it was found (`SplitKind`). */
function splitIndex(input: LimitsInput, k: number): { index: number; kind: SplitKind } {
  const { smoothed, bend, apexes } = input;
  const sign = apexes[k]!.sign;
  const a = apexes[k]!.index;
  const b = apexes[k + 1]!.index;
  const valley = firstLowest(smoothed, sign, a, Math.max(a, b - 1));
  const interior = valley > a && valley < b - 0 && sign * smoothed[valley]! < sign * smoothed[b]!;
  const isMinimum =
    interior &&
    valley > 0 &&
    sign * smoothed[valley - 1]! >= sign * smoothed[valley]! &&
    sign * smoothed[valley + 1]! >= sign * smoothed[valley]!;
  if (isMinimum) {
    const scale = {
      smoothingSamples: input.smoothingSamples ?? 1,
      rawPeakToPeak: input.rawPeakToPeak ?? input.noisePeakToPeak,
    };
    return { index: signalValley(input.values, valley, a, b, scale, sign), kind: 'valley' };
  }
  // A shoulder at its host's foot splits where it begins: the host's tail is carried on from there.
  const onset = apexes[k + 1]!.onset;
  if (onset !== undefined && onset > a && onset < b) return { index: onset, kind: 'onset' };
  // No valley (a shoulder): split where the curvature is highest between the two wells.
  let flattest = a + 1;
  for (let i = a + 1; i < b; i++) if (sign * bend[i]! > sign * bend[flattest]!) flattest = i;
  return { index: flattest, kind: 'bend' };
}

/**
 * Baseline anchor at a contact: the mean of the samples on the outer side, never across a flank: it stops
 * where the detection signal climbs past the contact by twice its noise range (a neighbour rising past the contact),
 * and at `limit` (the neighbouring apex; the contact itself at a dip's edge, whose outer side falls into the
 * dip: `brown.D/dad1D.ch`'s solvent front, a dip to −22 and a peak to 14 on a baseline at −2, took an anchor of
 * −14 from the dip's bottom and read its area 2.8 × the lobe's).
 */
function anchorValue(
  values: Float64Array,
  smoothed: Float64Array,
  index: number,
  outward: 1 | -1,
  limit: number,
  noiseRange: number,
  sign: 1 | -1,
): number {
  let sum = 0;
  let count = 0;
  for (let i = index; count < ANCHOR_SAMPLES && i >= 0 && i < values.length; i += outward) {
    if ((outward === -1 && i < limit) || (outward === 1 && i > limit)) break;
    if (sign * (smoothed[i]! - smoothed[index]!) > 2 * noiseRange) break;
    sum += values[i]!;
    count++;
  }
  return count ? sum / count : values[index]!;
}

/**
 * One cluster's limits: a baseline from its first to its last contact; where the signal would fall below
 * that line by more than the tolerance, the cluster is cut at that valley and each part gets its own line.
 */
function clusterLimits(
  input: LimitsInput,
  first: number,
  last: number,
  startIndex: number,
  endIndex: number,
  tolerance: number,
  levelAnchors: ReadonlyMap<number, number>,
): PeakLimits[] {
  const { timeSec, values, smoothed, apexes } = input;
  const sign = apexes[first]!.sign;
  const splits: number[] = [];
  const kinds: SplitKind[] = [];
  for (let k = first; k < last; k++) {
    const split = splitIndex(input, k);
    splits.push(split.index);
    kinds.push(split.kind);
  }
  // A drop line at a valley stands at the signal's valley (time and level); a shoulder's at the bend, at the
  // vertex of the parabola through the curvature's highest sample and its neighbours (the sample's own time
  // moved the line by up to half a sample as the sampling grid moved: 2.4 % of a shoulder's host's area
  // at 0.8 s a point).
  const splitPoint = (k: number) => {
    const index = splits[k - first]!;
    const kind = kinds[k - first]!;
    if (kind === 'valley')
      return signalValleyPoint(timeSec, values, index, input.smoothingSamples ?? 1, sign);
    const at =
      kind === 'bend'
        ? interpolatedMinimum(timeSec, input.bend, index, sign === 1 ? -1 : 1)
        : interpolatedMinimum(timeSec, smoothed, index, sign);
    return { timeSec: at, value: smoothed[index]! };
  };
  // A shoulder with no maximum of its own is timed at the vertex of its curvature well.
  const shoulderApexSec = (k: number): { apexSec?: number } => {
    const { index, shoulder } = apexes[k]!;
    if (!shoulder || index <= 0 || index >= values.length - 1) return {};
    if (sign * values[index]! >= sign * Math.max(values[index - 1]!, values[index + 1]!)) return {};
    return { apexSec: interpolatedMinimum(timeSec, input.bend, index, sign) };
  };
  // The anchor averages outward up to the neighbouring apex; next to a dip (an apex of the other sign, reported
  // or not) the outward samples are the dip's flank, not baseline, and the anchor is the contact's own sample.
  const outwardLimit = (neighbour: number, contact: number, end: number) => {
    if (neighbour < 0 || neighbour >= apexes.length) return end;
    return apexes[neighbour]!.sign === sign ? apexes[neighbour]!.index : contact;
  };
  const previousApex = outwardLimit(first - 1, startIndex, 0);
  const nextApex = outwardLimit(last + 1, endIndex, values.length - 1);
  return cutAtPenetrations(first, last, startIndex, endIndex, {
    startValue:
      levelAnchors.get(startIndex) ??
      anchorValue(values, smoothed, startIndex, -1, previousApex, input.noisePeakToPeak, sign),
    endValue:
      levelAnchors.get(endIndex) ??
      anchorValue(values, smoothed, endIndex, 1, nextApex, input.noisePeakToPeak, sign),
  });

  function cutAtPenetrations(
    from: number,
    to: number,
    startAt: number,
    endAt: number,
    anchors: { startValue: number; endValue: number },
  ): PeakLimits[] {
    const baseline: BaselineLine = {
      startSec: timeSec[startAt]!,
      startValue: anchors.startValue,
      endSec: timeSec[endAt]!,
      endValue: anchors.endValue,
    };
    // The deepest drop line below the line, if any goes below it by more than the tolerance.
    let cut = -1;
    let deepest = tolerance;
    for (let k = from; k < to; k++) {
      const index = splits[k - first]!;
      const line = lineAt(baseline, timeSec[index]!);
      const below = sign * (line - splitPoint(k).value);
      if (below > deepest) {
        deepest = below;
        cut = k;
      }
    }
    if (cut >= 0) {
      const index = splits[cut - first]!;
      const valleyValue = splitPoint(cut).value;
      return [
        ...cutAtPenetrations(from, cut, startAt, index, { ...anchors, endValue: valleyValue }),
        ...cutAtPenetrations(cut + 1, to, index, endAt, { ...anchors, startValue: valleyValue }),
      ].map((limit) => limit);
    }
    const result: PeakLimits[] = [];
    let previousEnd = baseline.startSec;
    let previousCode: PeakLimits['startCode'] = from === first ? 'B' : 'V';
    for (let k = from; k <= to; k++) {
      let endSec = baseline.endSec;
      let stopCode: PeakLimits['stopCode'] = to === last ? 'B' : 'V';
      if (k < to) {
        endSec = splitPoint(k).timeSec;
        stopCode = apexes[k + 1]!.shoulder || apexes[k]!.shoulder ? 'S' : 'V';
      }
      result.push({
        startSec: previousEnd,
        endSec,
        apexIndex: apexes[k]!.index,
        ...shoulderApexSec(k),
        baseline,
        startCode: previousCode,
        stopCode,
        sign,
      });
      previousEnd = endSec;
      previousCode = stopCode;
    }
    return result;
  }
}

function lineAt(line: BaselineLine, tSec: number): number {
  const span = line.endSec - line.startSec;
  return span === 0
    ? line.startValue
    : line.startValue + ((line.endValue - line.startValue) * (tSec - line.startSec)) / span;
}
