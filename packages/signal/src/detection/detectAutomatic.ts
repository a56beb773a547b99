import { baselineNoise } from '../noise/baselineNoise.ts';
import { findPeaks } from '../peaks/findPeaks.ts';
import { peakWidths } from '../peaks/peakWidths.ts';
import { selectByPeakDistance } from '../peaks/selectByPeakDistance.ts';
import { negated } from '../statistics/negated.ts';
import { wholeSignalProminences } from '../peaks/wholeSignalProminences.ts';
import { curvatureCentre } from './curvatureCentre.ts';
import { curvature } from './smoothForDetection.ts';
import { halfDepthSpan, smallestKernelBlurs, unsmoothedRiders } from './smallestKernel.ts';
import { isFlankShoulder } from './flankShoulder.ts';
import type { DetectionMinimums } from './detectDefault.ts';
import type { DetectionSettings, SignalScale } from './detectionSettings.ts';
import { SPAN_HALF_WIDTHS, type PeakSpan } from './gapNoise.ts';
import { mergeShallowValleys } from './shallowValleys.ts';
import { levelAt, runBaselineLevel, type BaselineLevel } from './runBaselineLevel.ts';
import { applyWidthCeiling, CLEARLY_REAL_PROMINENCE_FACTOR } from './widthCeiling.ts';
import { jumpEdgeShoulder, onStepTop, rawSteps, STEP_HOLD_WIDTHS } from './rawSteps.ts';
import { shoulderOverTail, tailRiders } from './tailRiders.ts';

/** One detected apex: a sample index, the sign of the peak and whether it was found as a shoulder. */
export interface DetectedApex {
  index: number;
  /** +1 for a peak, −1 for a negative peak (a dip below the baseline). */
  sign: 1 | -1;
  /** Found from the curvature alone (a shoulder or a rider without its own clear maximum). */
  shoulder: boolean;
  /**
   * A shoulder found at its host's foot over the host's tail (`overTail`): the sample it begins at, where
   * its split from the host stands (the host's tail is carried on from there).
   */
  onset?: number;
  /**
   * A dip found while negative peaks are off: not reported, but its neighbours' integration stops at its
   * edge (a positive peak's baseline never starts in a dip).
   */
  unreported?: boolean;
}

export interface AutomaticDetection {
  apexes: DetectedApex[];
  settings: DetectionSettings;
  /**
   * Sample ranges the positive peaks found cover (apex ± 3.4 half-prominence half-widths each side); only
   * the automatic detection gives them.
   */
  spans?: PeakSpan[];
}

/**
 * Prominence of the automatic threshold in noise ranges h: S/N = 2H/h ≥ 10, the quantitation limit
 * (ICH Q2), so every reported peak can be quantified.
 */
export const QUANTITATION_PROMINENCE_FACTOR = 5;
/** A negative peak must be twice as significant: baseline wander dips otherwise pass. */
export const NEGATIVE_FACTOR = 2;
/** Narrowest accepted peak: a quarter of the narrow-end width (spikes and noise are narrower). */
export const MIN_WIDTH_FRACTION = 0.25;
/** Widest accepted peak, in typical peak widths. */
const MAX_WIDTH_TYPICAL = 8;
/** A curvature well this far from any apex (in peak widths) is a separate component. */
const SHOULDER_MIN_SEPARATION = 0.6;
/** A shoulder's curvature well is at least this share of its host peak's. */
const SHOULDER_RELATIVE_CURVATURE = 0.1;
/** …and lies at least 0.8 of its host's half-prominence width from the host's curvature well. */
const SHOULDER_HOST_SEPARATION = 0.8;
/** …and stands above a tenth of its host's height (at the foot of a peak only its tail decides: `overTail`). */
const SHOULDER_MIN_HOST_SHARE = 0.1;

/**
 * Automatic `default` detection (template minimums null): apexes on the detection signal whose
 * prominence is at least 5 × its baseline noise range, at least a quarter of the narrow-end peak width
 * wide; negative peaks (only when asked) the same way on the inverted signal when a baseline lies on one side; shoulders
 * and riders from wells of the curvature that stand out of its noise by the same factor. Minimums the
 * template does give apply exactly as scipy's `find_peaks` conditions on the raw signal.
 */
export function detectAutomatic(
  values: Float64Array,
  stepSec: number,
  scale: SignalScale,
  minimums: DetectionMinimums,
  /**
   * Negative peaks (dips) are detected only when asked: off by default as in ChemStation ("Negative peaks"
   * event off), Empower ("Allow Negative Peaks" event) and Chromeleon ("Negative peaks" detection
   * parameter); a dip otherwise entered Area % as a negative peak and bent its neighbours' baselines.
   */
  options: { negativePeaks?: boolean } = {},
): AutomaticDetection {
  const { smoothed, smoothingSamples: m, widthSamples } = scale;
  const minProminence = QUANTITATION_PROMINENCE_FACTOR * scale.smoothedPeakToPeak;
  const { minWidthSamples, maxWidthSamples } = widthLimits(scale);
  const found = clearPeaks(scale, minProminence, minWidthSamples, maxWidthSamples);
  const flatTolerance = scale.smoothedPeakToPeak / 2;
  const maximumOf = new Map<number, number>();
  let positive = Array.from(found.peaks, (peak) => {
    const apex = rawApex(values, peak, m, flatTolerance);
    if (!maximumOf.has(apex)) maximumOf.set(apex, peak);
    return apex;
  });
  positive = mergeShallowValleys(
    smoothed,
    values,
    Array.from(new Set(positive)),
    minProminence,
    maximumOf,
    m,
  );
  positive = applyGivenMinimums(values, positive, stepSec, minimums);
  // A maximum at the top of a baseline step (over one sample, or over two where its new level holds) is the
  // new baseline, not a peak.
  const steps = rawSteps(values, scale.rawNoise.peakToPeak, { hold: STEP_HOLD_WIDTHS * widthSamples });
  if (steps.length) positive = positive.filter((apex) => !onStepTop(values, apex, steps, m));

  const unreported = !options.negativePeaks;
  // With negative peaks off, a dip only bounds its neighbours; one with a peak on each side within four
  // typical widths is the valley between them, not a dip (the valley rules decide it). A maximum at the
  // run's baseline level is the baseline before the dip, not a peak beside it.
  const reach = 4 * (scale.typicalWidthSamples ?? widthSamples);
  const peakBeside = standsAboveLevel(scale, positive, minProminence);
  const negative = negativePeaks(values, scale, minProminence, minWidthSamples).filter(
    (dip) =>
      !unreported ||
      !(
        positive.some((apex, k) => apex < dip && dip - apex <= reach && peakBeside(k)) &&
        positive.some((apex, k) => apex > dip && apex - dip <= reach && peakBeside(k))
      ),
  );
  let shoulders = shoulderApexes(values, scale, positive, found);
  shoulders = [...shoulders, ...unsmoothedShoulders(values, scale, positive, found, shoulders)];
  // A curvature well at a one-sample jump on a slope is the jump's edge, not a shoulder.
  if (shoulders.length) {
    const jumps = rawSteps(values, scale.rawNoise.peakToPeak, { onSlope: true });
    shoulders = shoulders.filter(({ index }) => !jumpEdgeShoulder(jumps, index, m));
  }
  // Riders on a tail whose rise over their valley is under the quantitation prominence but whose height over
  // the parent's tail is not (the tail lifts the valley).
  const riders = tailRiders(
    scale,
    found,
    [...positive, ...shoulders.map(({ index }) => index)],
    minProminence,
    {
      minWidthSamples,
      maxWidthSamples,
      separationShare: SHOULDER_MIN_SEPARATION,
    },
  )
    .map((index) => rawApex(values, index, m))
    .filter((apex) => !onStepTop(values, apex, steps, m));
  riders.push(
    ...unsmoothedRiders(
      values,
      scale,
      found,
      [...positive, ...shoulders.map(({ index }) => index), ...riders],
      {
        minProminence: QUANTITATION_PROMINENCE_FACTOR * scale.rawNoise.peakToPeak,
        minWidthSamples,
        maxWidthSamples,
        separationShare: SHOULDER_MIN_SEPARATION,
      },
    ).filter((apex) => !onStepTop(values, apex, steps, m)),
  );
  if (riders.length) positive = Array.from(new Set([...positive, ...riders])).sort((a, b) => a - b);
  const apexes: DetectedApex[] = [
    ...positive.map((index) => ({ index, sign: 1 as const, shoulder: false })),
    ...negative.map((index) => ({ index, sign: -1 as const, shoulder: false, unreported })),
    ...shoulders.map(({ index, onset }) => ({
      index,
      sign: 1 as const,
      shoulder: true,
      ...(onset === undefined ? {} : { onset }),
    })),
  ].sort((a, b) => a.index - b.index);
  return {
    spans: spansOf(found),
    apexes: dropDuplicates(apexes),
    settings: {
      minProminence: { value: minProminence, automatic: true },
      minHeight: { value: minimums.minHeight ?? null, automatic: minimums.minHeight == null },
      minWidthSec: {
        value: minimums.minWidthSec ?? minWidthSamples * stepSec,
        automatic: minimums.minWidthSec == null,
      },
      minDistanceSec: { value: minimums.minDistanceSec ?? null, automatic: minimums.minDistanceSec == null },
      noiseSd: scale.rawNoise.sd,
      noisePeakToPeak: scale.rawNoise.peakToPeak,
      estimatedPeakWidthSec: scale.typicalWidthSamples === null ? null : scale.typicalWidthSamples * stepSec,
      ...(scale.noiseFromGaps ? { noiseFromGaps: true } : {}),
      ...(scale.noiseFromDifferences ? { noiseFromDifferences: true } : {}),
    },
  };
}

/**
 * The maxima of the detection signal with the automatic prominence and width (on every `step`-th sample,
 * then at full resolution), the widest left out (`applyWidthCeiling`): detection's first finds, which give
 * the peaks' spans.
 */
function clearPeaks(
  scale: SignalScale,
  minProminence: number,
  minWidthSamples: number,
  maxWidthSamples: number,
): FullResolutionPeaks {
  const { step } = scale;
  const coarse = applyWidthCeiling(
    findPeaks(scale.coarse, { prominence: minProminence, width: { min: minWidthSamples / step } }),
    maxWidthSamples / step,
    CLEARLY_REAL_PROMINENCE_FACTOR * minProminence,
  );
  return toFullResolution(coarse, scale.smoothed, step, 1);
}

/** Each peak's extent: apex ± 3.4 half-prominence half-widths on each side (`SPAN_HALF_WIDTHS`). */
function spansOf(found: FullResolutionPeaks): PeakSpan[] {
  return Array.from(found.peaks, (apex, k) => ({
    from: Math.floor(apex - SPAN_HALF_WIDTHS * Math.max(0, apex - found.leftIps[k]!)),
    to: Math.ceil(apex + SPAN_HALF_WIDTHS * Math.max(0, found.rightIps[k]! - apex)),
  }));
}

/**
 * The spans of the peaks automatic detection finds at this scale (`AutomaticDetection.spans`), without the
 * rest of detection (apexes, dips, shoulders, riders): what a gap count needs, at a fraction of the cost.
 */
export function automaticSpans(scale: SignalScale): PeakSpan[] {
  const { minWidthSamples, maxWidthSamples } = widthLimits(scale);
  const minProminence = QUANTITATION_PROMINENCE_FACTOR * scale.smoothedPeakToPeak;
  return spansOf(clearPeaks(scale, minProminence, minWidthSamples, maxWidthSamples));
}

/**
 * The narrowest and widest peak automatic detection accepts (samples): a quarter of the narrow-end width, and
 * 8 typical widths (wider is baseline: drift, the shoulder of a dip).
 */
function widthLimits(scale: SignalScale): { minWidthSamples: number; maxWidthSamples: number } {
  return {
    minWidthSamples: Math.max(1, MIN_WIDTH_FRACTION * scale.widthSamples),
    maxWidthSamples: MAX_WIDTH_TYPICAL * (scale.typicalWidthSamples ?? scale.widthSamples),
  };
}

/**
 * The highest raw sample within the smoothing half-width of a detection apex; on a flat (clipped) top, the
 * middle of the samples within `flatTolerance` of that maximum.
 */
function rawApex(values: Float64Array, index: number, smoothingSamples: number, flatTolerance = 0): number {
  const half = smoothingSamples >> 1;
  let best = index;
  for (let i = Math.max(0, index - half); i <= Math.min(values.length - 1, index + half); i++) {
    if (values[i]! > values[best]!) best = i;
  }
  let from = best;
  let to = best;
  while (from > 0 && values[from - 1]! >= values[best]! - flatTolerance) from--;
  while (to < values.length - 1 && values[to + 1]! >= values[best]! - flatTolerance) to++;
  return to - from >= 2 ? (from + to) >> 1 : best;
}

/** Height, width and distance given in the template, applied as scipy conditions on the raw signal. */
function applyGivenMinimums(
  values: Float64Array,
  apexes: number[],
  stepSec: number,
  minimums: DetectionMinimums,
): number[] {
  let kept = Array.from(new Set(apexes)).sort((a, b) => a - b);
  if (minimums.minHeight != null) kept = kept.filter((index) => values[index]! >= minimums.minHeight!);
  if (minimums.minWidthSec != null && kept.length) {
    const peaks = Int32Array.from(kept);
    const widths = peakWidths(values, peaks, {
      prominenceData: wholeSignalProminences(values, peaks),
    }).widths;
    kept = kept.filter((_, k) => widths[k]! >= minimums.minWidthSec! / stepSec);
  }
  if (minimums.minDistanceSec && kept.length) {
    const heights = Float64Array.from(kept, (index) => values[index]!);
    const keep = selectByPeakDistance(
      kept,
      heights,
      Math.max(1, Math.ceil(minimums.minDistanceSec / stepSec)),
    );
    kept = kept.filter((_, k) => keep[k] === 1);
  }
  return kept;
}

/**
 * Whether the k-th positive apex stands above the run's baseline level (its flat stretches) by the
 * quantitation prominence: a maximum at that level is the baseline before a dip (its edge), not a peak
 * that makes the dip the valley between two peaks. Where the run has no level there, every apex does.
 */
function standsAboveLevel(
  scale: SignalScale,
  positive: readonly number[],
  minProminence: number,
): (k: number) => boolean {
  let level: BaselineLevel | null | undefined;
  return (k) => {
    if (level === undefined) level = runBaselineLevel(scale, NEGATIVE_FACTOR * minProminence);
    const apex = positive[k]!;
    const at = level ? levelAt(level, apex) : null;
    if (!at || at.lowest === -Infinity) return true;
    return scale.smoothed[apex]! - at.line >= minProminence;
  };
}

/**
 * Dips of the detection signal with the automatic prominence (twice over) that have baseline on at least
 * one side within a few peak widths; a valley between two peaks has a peak on both sides and is not one.
 */
function negativePeaks(
  values: Float64Array,
  scale: SignalScale,
  minProminence: number,
  minWidthSamples: number,
): number[] {
  const { step } = scale;
  const inverted = negated(scale.coarse);
  const window = Math.max(5, Math.round(8 * scale.widthSamples)) | 1;
  const dips = toFullResolution(
    findPeaks(inverted, {
      prominence: NEGATIVE_FACTOR * minProminence,
      width: {
        min: minWidthSamples / step,
        max: (4 * (scale.typicalWidthSamples ?? scale.widthSamples)) / step,
      },
      wlen: Math.max(3, Math.round(window / step)) | 1,
    }),
    scale.smoothed,
    step,
    -1,
  );
  // A side is baseline when, past the dip's own flank, the signal stays flat (range within a third of
  // the dip's depth) and the dip lies clearly below that level; a valley between peaks has neither side.
  const half = window >> 1;
  const baselineSide = (from: number, to: number, dipValue: number, required: number) => {
    if (to - from < 2) return false;
    let low = Infinity;
    let high = -Infinity;
    let sum = 0;
    for (let i = from; i <= to; i++) {
      low = Math.min(low, scale.smoothed[i]!);
      high = Math.max(high, scale.smoothed[i]!);
      sum += scale.smoothed[i]!;
    }
    const depth = sum / (to - from + 1) - dipValue;
    return depth >= required && high - low <= depth / 3;
  };
  const flank = Math.round(scale.widthSamples + scale.smoothingSamples);
  const required = NEGATIVE_FACTOR * minProminence;
  const result: number[] = [];
  dips.peaks.forEach((dip) => {
    const dipValue = scale.smoothed[dip]!;
    const left = baselineSide(Math.max(0, dip - half), dip - flank, dipValue, required);
    const right = baselineSide(dip + flank, Math.min(values.length - 1, dip + half), dipValue, required);
    if (!left && !right) return;
    let lowest = dip;
    const reach = scale.smoothingSamples >> 1;
    for (let i = Math.max(0, dip - reach); i <= Math.min(values.length - 1, dip + reach); i++) {
      if (values[i]! < values[lowest]!) lowest = i;
    }
    result.push(lowest);
  });
  return result;
}

/**
 * Shoulders and riders: wells of the curvature (negative second derivative) that stand out of the
 * curvature's own baseline noise by the quantitation factor, lie on a detected peak (inside its
 * prominence bases, clearly above them) and are at least 0.6 peak widths from every apex.
 */
function shoulderApexes(
  values: Float64Array,
  scale: SignalScale,
  positive: readonly number[],
  found: FullResolutionPeaks,
  /** Which curvature wells may be shoulders at all (`unsmoothedShoulders` leaves one-sample features out). */
  keepWell: (well: number) => boolean = () => true,
): { index: number; onset?: number }[] {
  if (!positive.length) return [];
  const { bend, step } = scale;
  const bendNoise = baselineNoise(scale.coarseBend, scale.noiseWindowSamples / step).peakToPeak;
  if (!(bendNoise > 0)) return [];
  const threshold = QUANTITATION_PROMINENCE_FACTOR * bendNoise;
  const wells = toFullResolution(
    findPeaks(negated(scale.coarseBend), { height: threshold, prominence: threshold }),
    bend,
    step,
    -1,
  );
  const separation = SHOULDER_MIN_SEPARATION * scale.widthSamples;
  const { leftBases, rightBases, widths: hostWidths } = found;
  const minProminence = QUANTITATION_PROMINENCE_FACTOR * scale.smoothedPeakToPeak;
  const half = scale.smoothingSamples >> 1;
  const deepestNear = (index: number) => {
    let deepest = 0;
    for (let i = Math.max(0, index - half); i <= Math.min(bend.length - 1, index + half); i++) {
      deepest = Math.max(deepest, -bend[i]!);
    }
    return deepest;
  };
  // The run's level where it decides (between flat windows, or within the drift's reach of them); measured
  // only when a well comes that far (a pass over the signal).
  let level: BaselineLevel | null | undefined;
  const levelUnder = (index: number) => {
    if (level === undefined) level = runBaselineLevel(scale, NEGATIVE_FACTOR * minProminence);
    const at = level ? levelAt(level, index) : null;
    return at && at.lowest > -Infinity ? at.line : -Infinity;
  };
  // The host's tail ends in a dip when its lowest point past the well lies under the run's level by the
  // quantitation prominence: the bend is the dip's edge, and no tail carries on under it.
  const endsInDip = (well: number, k: number) => {
    let low = well;
    for (let i = well; i <= rightBases[k]!; i++) if (scale.smoothed[i]! < scale.smoothed[low]!) low = i;
    return scale.smoothed[low]! < levelUnder(low) - minProminence;
  };
  const result: { index: number; onset?: number }[] = [];
  for (const well of wells.peaks) {
    if (!keepWell(well) || positive.some((apex) => Math.abs(apex - well) < separation)) continue;
    // The host is the nearest detected peak whose prominence bases hold the well.
    let k = -1;
    for (let j = 0; j < found.peaks.length; j++) {
      if (!(well > leftBases[j]! && well < rightBases[j]!)) continue;
      if (k < 0 || Math.abs(found.peaks[j]! - well) < Math.abs(found.peaks[k]! - well)) k = j;
    }
    if (k < 0) continue;
    // Far enough from the host's apex to be a component of its own, not the host's own broad bend. The
    // host's width is taken on its far side too (twice that half-width): a shoulder widens its own side.
    // The distance is the two components' wells' (the host's maximum may sit between them, off its own).
    const apex = found.peaks[k]!;
    const farHalf = well > apex ? apex - found.leftIps[k]! : found.rightIps[k]! - apex;
    const hostWidth = farHalf > 0 ? Math.min(hostWidths[k]!, 2 * farHalf) : hostWidths[k]!;
    const hostCentre = curvatureCentre(bend, apex);
    if (Math.abs(well - hostCentre) < SHOULDER_HOST_SEPARATION * hostWidth) continue;
    // Heights from the host's higher base, never from under the run's baseline level: a dip's edge bends
    // like a shoulder, but lies at the run's baseline where a shoulder stands on its host.
    const base = Math.max(scale.smoothed[leftBases[k]!]!, scale.smoothed[rightBases[k]!]!, levelUnder(well));
    const hostHeight = scale.smoothed[found.peaks[k]!]! - base;
    // On the peak: clearly above the bases, and above its foot (a tenth of the host's height) unless it
    // has a maximum of its own (a small peak at the foot of a large one is a peak, not the foot).
    const above = scale.smoothed[well]! - base;
    const ownMaximum = hasOwnMaximum(
      scale.smoothed,
      well,
      Math.max(half + 1, Math.round(scale.widthSamples / 4)),
    );
    const onPeak =
      above >= minProminence && (ownMaximum > 0 || above >= SHOULDER_MIN_HOST_SHARE * hostHeight);
    // A rider with a maximum of its own needs no more; a shoulder needs a tenth of its host's curvature,
    // on the host's flank its own (the host's convex lobe added back: `isFlankShoulder`).
    const hostCurvature = deepestNear(found.peaks[k]!);
    const significant =
      ownMaximum > 0 ||
      -bend[well]! >= SHOULDER_RELATIVE_CURVATURE * hostCurvature ||
      isFlankShoulder({
        bend,
        hostCentre,
        well,
        hostCurvature,
        threshold,
        heightShare: above / hostHeight,
        relativeCurvature: SHOULDER_RELATIVE_CURVATURE,
      });
    // A shoulder has no maximum of its own: its apex is the centre of the curvature well; a rider's apex is
    // its own maximum.
    if (onFlatTop(values, found.peaks[k]!, well, scale)) continue;
    // At the host's foot (under a tenth of its height) the host's curvature says nothing of a shoulder: there
    // it is one when it stands over the host's tail carried on under it (`overTail`), as a tail rider does.
    if (onPeak && significant) {
      result.push({ index: ownMaximum ? rawApex(values, ownMaximum, scale.smoothingSamples) : well });
      continue;
    }
    const onset =
      !ownMaximum &&
      above >= minProminence &&
      above < SHOULDER_MIN_HOST_SHARE * hostHeight &&
      !endsInDip(well, k)
        ? overTail(scale, found, k, well, minProminence)
        : null;
    if (onset !== null) result.push({ index: well, onset });
  }
  return result;
}

/**
 * Shoulders on the unsmoothed curvature (the second difference of the raw signal) where the detection kernel
 * is 3 samples and a third of the narrow-end width lies nearer 1 (a W50 under 6 samples): rounded up to the
 * smallest odd kernel, the curvature's averaging (a triangle of 3 then a mean of 3, 7 samples in all) blurs a
 * shoulder 1–1.5 W50 from its host into the host's own well, where the noise-free curvature shows it (the
 * shoulder rule of the simulated corpus, `resolvable.ts`). Each well is read against the unsmoothed
 * curvature's own noise by the same factor and passes every shoulder rule (`shoulderApexes`); one that spans
 * a single sample at half its depth is a one-sample feature (a spike, a jump on a tail, a repeated sample), as a
 * component never is (a Gaussian of σ = 1 sample spans 2). Wells within the shoulder separation of a shoulder
 * already found are that shoulder (docs/processing.md, "A shoulder the smallest kernel blurs").
 */
function unsmoothedShoulders(
  values: Float64Array,
  scale: SignalScale,
  positive: readonly number[],
  found: FullResolutionPeaks,
  shoulders: readonly { index: number }[],
): { index: number; onset?: number }[] {
  if (!smallestKernelBlurs(scale)) return [];
  const bend = curvature(values, 1);
  const separation = SHOULDER_MIN_SEPARATION * scale.widthSamples;
  return shoulderApexes(
    values,
    { ...scale, bend, coarseBend: bend, step: 1 },
    positive,
    found,
    (well) => halfDepthSpan(bend, well) >= 2,
  ).filter(({ index }) => !shoulders.some((shoulder) => Math.abs(shoulder.index - index) < separation));
}

/**
 * Where a shoulder begins, in half-widths of its curvature well before the well (from the well to the zero of
 * the curvature before it, σ for a lone Gaussian): a Gaussian three σ before its apex is 1 % of its height.
 */
const SHOULDER_ONSET_HALF_WIDTHS = 3;

/**
 * A shoulder on host k's tail standing over the host's fitted tail (`shoulderOverTail`), the tail fitted up to
 * where the shoulder begins (`SHOULDER_ONSET_HALF_WIDTHS`): that sample, or null when it does not stand over it.
 */
function overTail(
  scale: SignalScale,
  found: FullResolutionPeaks,
  k: number,
  well: number,
  minProminence: number,
): number | null {
  const { bend } = scale;
  let crossing = well;
  while (crossing > 0 && bend[crossing - 1]! < 0) crossing--;
  const onset = well - SHOULDER_ONSET_HALF_WIDTHS * (well - crossing + 1);
  return shoulderOverTail(scale, found, k, well, onset, minProminence) ? onset : null;
}

/** The local maximum of the detection signal within `reach` of `index` nearest to it, or 0 when none. */
function hasOwnMaximum(smoothed: Float64Array, index: number, reach: number): number {
  let nearest = 0;
  for (let i = Math.max(1, index - reach); i <= Math.min(smoothed.length - 2, index + reach); i++) {
    const maximum = smoothed[i]! > smoothed[i - 1]! && smoothed[i]! >= smoothed[i + 1]!;
    if (maximum && (!nearest || Math.abs(i - index) < Math.abs(nearest - index))) nearest = i;
  }
  return nearest;
}

/** A saturated (clipped) top bends sharply at both corners; those bends are not shoulders. */
function onFlatTop(values: Float64Array, apex: number, well: number, scale: SignalScale): boolean {
  let top = apex;
  const reach = scale.smoothingSamples;
  for (let i = Math.max(0, apex - reach); i <= Math.min(values.length - 1, apex + reach); i++) {
    if (values[i]! > values[top]!) top = i;
  }
  const tolerance = scale.smoothedPeakToPeak / 2;
  let from = top;
  let to = top;
  while (from > 0 && values[from - 1]! >= values[top]! - tolerance) from--;
  while (to < values.length - 1 && values[to + 1]! >= values[top]! - tolerance) to++;
  return to - from >= 2 && well >= from - reach && well <= to + reach;
}

/** Peaks found on the coarse detection signal, moved to full-resolution sample indices. */
interface FullResolutionPeaks {
  peaks: Int32Array;
  leftBases: Int32Array;
  rightBases: Int32Array;
  widths: Float64Array;
  /** Interpolated positions of the half-prominence line (full-resolution samples). */
  leftIps: Float64Array;
  rightIps: Float64Array;
}

/**
 * Maps coarse finds back: each index to the extremum (`sign` +1 maximum, −1 minimum) of `fine` within one
 * coarse step, bases and widths scaled by the step.
 */
function toFullResolution(
  found: ReturnType<typeof findPeaks>,
  fine: Float64Array,
  step: number,
  sign: 1 | -1,
): FullResolutionPeaks {
  const scale = (indices: Int32Array | undefined) =>
    Int32Array.from(indices ?? [], (index) => Math.min(fine.length - 1, index * step));
  const peaks = Int32Array.from(found.peaks, (index) => {
    const centre = index * step;
    let best = Math.min(fine.length - 1, centre);
    for (let i = Math.max(0, centre - step + 1); i <= Math.min(fine.length - 1, centre + step - 1); i++) {
      if (sign * fine[i]! > sign * fine[best]!) best = i;
    }
    return best;
  });
  return {
    peaks,
    leftBases: scale(found.properties.leftBases),
    rightBases: scale(found.properties.rightBases),
    widths: Float64Array.from(found.properties.widths ?? [], (width) => width * step),
    leftIps: Float64Array.from(found.properties.leftIps ?? [], (position) => position * step),
    rightIps: Float64Array.from(found.properties.rightIps ?? [], (position) => position * step),
  };
}

/** Two detections on the same sample (a shoulder refined onto an apex) count once; the first wins. */
function dropDuplicates(apexes: DetectedApex[]): DetectedApex[] {
  return apexes.filter((apex, k) => k === 0 || apex.index !== apexes[k - 1]!.index);
}
