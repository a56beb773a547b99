import { localLevel } from '../baseline/localLevel.ts';
import { apexWidths } from '../detection/apexWidths.ts';
import {
  NEGATIVE_FACTOR,
  QUANTITATION_PROMINENCE_FACTOR,
  type DetectedApex,
} from '../detection/detectAutomatic.ts';
import { detectFirstDerivative } from '../detection/detectFirstDerivative.ts';
import type { SignalScale } from '../detection/detectionSettings.ts';
import { integrationLimits } from '../detection/integrationLimits.ts';
import { belowBaselineStretches, runBaselineLevel } from '../detection/runBaselineLevel.ts';
import { slopePeakLimits } from '../detection/slopePeakLimits.ts';
import { tailAreasUnderDips, tailsPastDips, type TailsPastDipsInput } from '../detection/tailsPastDips.ts';
import { applyLimitEvents } from '../events/limitEvents.ts';
import { rejectPeaks, type MeasuredPeaks } from '../events/peakEvents.ts';
import { inRanges, ofKind, type TimedEvent } from '../events/timedEvents.ts';
import { measurePeak, type PeakLimits } from '../figures/measurePeak.ts';
import type { Peak } from '../figures/peak.ts';
import { fitPeaks } from './fitPeaks.ts';
import type { ProcessingTemplate } from './processingTemplate.ts';

/** The run's baseline level and the dips under it (`dipsUnderBaseline`), or null when the run has no level. */
export type DipsUnderBaseline = ReturnType<typeof dipsUnderBaseline>;

/**
 * What the integration step measured. Filled as the step goes: what was measured before a later part of
 * the step fails is kept (the noise and the figures still read it).
 */
export interface PeakIntegration {
  peaks: Peak[];
  /** Per peak, the index of the peak it is skimmed from (a rider), else undefined. */
  skimParents: (number | undefined)[];
  baselineLevel: DipsUnderBaseline;
}

export interface PeakIntegrationInput {
  timeSec: Float64Array;
  values: Float64Array;
  template: ProcessingTemplate;
  events: readonly TimedEvent[];
  /** The `peak` key: `none`, `first_derivative`, `peak_fitting_v1` or the default integration. */
  algorithm: string;
  /** The detection step's scale (null when it did not run) and its apexes inside the window. */
  scale: SignalScale | null;
  detected: readonly DetectedApex[];
  window: { start: number; end: number };
  inWindow: (index: number) => boolean;
}

export function emptyPeakIntegration(): PeakIntegration {
  return { peaks: [], skimParents: [], baselineLevel: null };
}

/**
 * The `peak` step: `none` measures each apex alone, `first_derivative` runs the slope detector on its own,
 * the default (and `peak_fitting_v1`, which then fits each peak) integrates the detected apexes. Writes
 * into `found` as it goes.
 */
export function integratePeaks(found: PeakIntegration, input: PeakIntegrationInput): void {
  const { timeSec, values } = input;
  if (input.algorithm === 'none') {
    found.peaks = apexOnlyPeaks(timeSec, values, input.detected);
    return;
  }
  if (input.algorithm === 'first_derivative') {
    found.peaks = slopePeaks(input);
    return;
  }
  if (!input.scale) return;
  integrateApexes(found, { ...input, scale: input.scale });
}

/** Each apex as a peak with no width: its limits and a zero baseline at the apex itself. */
function apexOnlyPeaks(
  timeSec: Float64Array,
  values: Float64Array,
  detected: readonly DetectedApex[],
): Peak[] {
  return detected.map(({ index: apex, sign }) =>
    measurePeak(timeSec, values, {
      startSec: timeSec[apex] as number,
      endSec: timeSec[apex] as number,
      apexIndex: apex,
      baseline: {
        startSec: timeSec[apex] as number,
        startValue: 0,
        endSec: timeSec[apex] as number,
        endValue: 0,
      },
      startCode: 'B',
      stopCode: 'B',
      sign,
    }),
  );
}

/** The slope detector's peaks in the window, on the template's fixed baseline levels when it gives both. */
function slopePeaks({ timeSec, values, template, window, inWindow }: PeakIntegrationInput): Peak[] {
  const found = detectFirstDerivative(timeSec, values).filter((p) => inWindow(p.apexIndex));
  const fixedLine =
    template.value_at_start !== null &&
    template.value_at_start !== undefined &&
    template.value_at_end !== null &&
    template.value_at_end !== undefined
      ? {
          startSec: window.start,
          startValue: template.value_at_start,
          endSec: window.end,
          endValue: template.value_at_end,
        }
      : null;
  const limits = slopePeakLimits(timeSec, values, found, fixedLine);
  return limits.map((limit) => measurePeak(timeSec, values, limit));
}

/**
 * The default integration of the detected apexes: their limits (`integrationLimits`) without the dips that
 * only bounded them, the limit events, the riders' areas taken from their parents, valley-to-valley where a
 * positive peak's area came out negative, baseline steps dropped, the peak events, then the fit.
 */
function integrateApexes(found: PeakIntegration, input: PeakIntegrationInput & { scale: SignalScale }): void {
  const { timeSec, values, events, detected, scale } = input;
  found.baselineLevel = dipsUnderBaseline(scale);
  const allLimits = integrationLimits({
    baselineLevel: found.baselineLevel,
    timeSec,
    values,
    smoothed: scale.smoothed,
    bend: scale.bend,
    apexes: detected,
    widths: apexWidths(scale, detected),
    noisePeakToPeak: scale.smoothedPeakToPeak,
    smoothingSamples: scale.smoothingSamples,
    driftPerSample: scale.driftPerSample,
    rawPeakToPeak: scale.rawNoise.peakToPeak,
    widthSamples: scale.widthSamples,
    skimMode: skimModeOf(events, timeSec),
  });
  const limits = applyLimitEvents(reportedLimits(allLimits, detected), events, { timeSec, values });
  found.peaks = limits.map((limit) => measurePeak(timeSec, values, limit));
  found.skimParents = limits.map((limit) => limit.skimParent);
  limits.forEach((limit, k) => {
    if (limit.skimParent === undefined) return;
    const parent = found.peaks[limit.skimParent]!;
    found.peaks[limit.skimParent] = { ...parent, area: parent.area - found.peaks[k]!.area };
  });
  found.peaks = valleyToValleyWhereNegative(timeSec, values, found.peaks, limits, found.skimParents);
  let measured = withoutBaselineSteps({ peaks: found.peaks, limits, skimParents: found.skimParents });
  measured = withTailsPastDips(measured, {
    timeSec,
    values,
    baselineLevel: found.baselineLevel,
    rawPeakToPeak: scale.rawNoise.peakToPeak,
    smoothingSamples: scale.smoothingSamples,
  });
  found.peaks = measured.peaks;
  found.skimParents = measured.skimParents;
  measured = rejectPeaks(measured, events);
  found.peaks = measured.peaks;
  found.skimParents = measured.skimParents;
  if (input.algorithm === 'peak_fitting_v1')
    found.peaks = fitPeaks(timeSec, measured.limits, found.peaks, values, input.template);
}

/**
 * A positive "peak" with no area even valley to valley has no falling flank above its baseline: the edge
 * of a baseline step (a new baseline, not a peak). It is not reported; riders' parents are renumbered.
 */
function withoutBaselineSteps(measured: MeasuredPeaks): MeasuredPeaks {
  const { peaks, skimParents } = measured;
  return keptPeaks(measured, (k) => peaks[k]!.negative || peaks[k]!.area > 0 || skimParents[k] !== undefined);
}

/**
 * A peak's tail past a dip is not a peak of its own (`tailsPastDips`), and a peak keeps the area of its
 * tail under a dip (`tailAreasUnderDips`).
 */
function withTailsPastDips(
  measured: MeasuredPeaks,
  context: Omit<TailsPastDipsInput, 'limits' | 'skimParents'>,
): MeasuredPeaks {
  const tails = tailsPastDips({ ...context, ...measured });
  const kept = keptPeaks(measured, (k) => !tails.has(k));
  const added = tailAreasUnderDips({ ...context, ...kept });
  if (!added.size) return kept;
  return {
    ...kept,
    peaks: kept.peaks.map((peak, k) => {
      const area = added.get(k);
      return area === undefined ? peak : { ...peak, area: peak.area + area };
    }),
  };
}

/** The peaks `keep` keeps, riders' parents renumbered. */
function keptPeaks(measured: MeasuredPeaks, keep: (k: number) => boolean): MeasuredPeaks {
  const { peaks, limits, skimParents } = measured;
  const kept = peaks.flatMap((_, k) => (keep(k) ? [k] : []));
  if (kept.length === peaks.length) return measured;
  const keptIndex = new Map(kept.map((k, j) => [k, j]));
  return {
    peaks: kept.map((k) => peaks[k]!),
    limits: kept.map((k) => limits[k]!),
    skimParents: kept.map((k) => {
      const parent = skimParents[k];
      return parent === undefined ? undefined : keptIndex.get(parent);
    }),
  };
}

/**
 * Dips found while negative peaks are off bounded their neighbours' limits; they are not reported. A
 * rider's parent index is renumbered to the reported peaks.
 */
function reportedLimits(limits: readonly PeakLimits[], detected: readonly DetectedApex[]): PeakLimits[] {
  const reported = limits.flatMap((_, k) => (detected[k]?.unreported ? [] : [k]));
  const newIndex = new Map(reported.map((k, j) => [k, j]));
  return reported.map((k) => {
    const limit = limits[k]!;
    const parent = limit.skimParent === undefined ? undefined : newIndex.get(limit.skimParent);
    return { ...limit, skimParent: parent };
  });
}

/**
 * No positive peak ever has a negative area: where the cluster's line runs above the signal (a baseline
 * drawn through a high contact), the peak is measured again valley to valley, its baseline through the
 * signal's own level at its limits (ChemStation's baseline penetration rule).
 */
function valleyToValleyWhereNegative(
  timeSec: Float64Array,
  values: Float64Array,
  peaks: readonly Peak[],
  limits: readonly PeakLimits[],
  skimParents: readonly (number | undefined)[],
): Peak[] {
  return peaks.map((peak, k) => {
    if (peak.negative || peak.area > 0 || skimParents[k] !== undefined) return peak;
    const limit = limits[k]!;
    const startValue = localLevel(timeSec, values, limit.startSec);
    const endValue = localLevel(timeSec, values, limit.endSec);
    const baseline = {
      startSec: limit.startSec,
      startValue: Math.min(startValue, values[limit.apexIndex]!),
      endSec: limit.endSec,
      endValue: Math.min(endValue, values[limit.apexIndex]!),
    };
    return measurePeak(timeSec, values, { ...limit, baseline, startCode: 'B', stopCode: 'B' });
  });
}

/** The skim a tangent_skim or exponential_skim event forces at an apex, or undefined when there are none. */
function skimModeOf(
  events: readonly TimedEvent[],
  timeSec: Float64Array,
): ((apexIndex: number) => 'tangent' | 'exponential' | null) | undefined {
  const tangent = ofKind(events, 'tangent_skim');
  const exponential = ofKind(events, 'exponential_skim');
  if (tangent.length === 0 && exponential.length === 0) return undefined;
  return (apexIndex) => {
    const t = timeSec[apexIndex]!;
    // The later-started event wins where ranges overlap.
    const lastOf = (list: readonly TimedEvent[]) =>
      list.filter((event) => t >= event.fromSec && t < event.toSec).at(-1)?.fromSec ?? -Infinity;
    if (!inRanges(tangent, t) && !inRanges(exponential, t)) return null;
    return lastOf(exponential) > lastOf(tangent) ? 'exponential' : 'tangent';
  };
}

/**
 * The run's baseline level from its flat stretches, and the stretches under it deeper than a dip must be to
 * be detected as one (twice the quantitation prominence of the detection signal): those are dips, and a
 * peak's contact in one is not on the baseline (`integrationLimits`).
 */
function dipsUnderBaseline(scale: SignalScale) {
  const depth = NEGATIVE_FACTOR * QUANTITATION_PROMINENCE_FACTOR * scale.smoothedPeakToPeak;
  const level = runBaselineLevel(scale, depth);
  if (!level) return null;
  return { level, below: belowBaselineStretches(scale.smoothed, level, depth) };
}
