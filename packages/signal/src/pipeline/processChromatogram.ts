import { interpolateOnto } from '../baseline/interpolateOnto.ts';
import { runBaseline, type BaselinePoint } from '../baseline/runBaseline.ts';
import { localLevel } from '../baseline/localLevel.ts';
import { detectFirstDerivative } from '../detection/detectFirstDerivative.ts';
import { detectWavelet } from '../detection/detectWavelet.ts';
import { slopePeakLimits } from '../detection/slopePeakLimits.ts';
import {
  detectAutomatic,
  NEGATIVE_FACTOR,
  QUANTITATION_PROMINENCE_FACTOR,
  type DetectedApex,
} from '../detection/detectAutomatic.ts';
import { belowBaselineStretches, runBaselineLevel } from '../detection/runBaselineLevel.ts';
import {
  measureSignalScale,
  type DetectionSettings,
  type SignalScale,
} from '../detection/detectionSettings.ts';
import { detectWithTemplate } from '../detection/detectWithTemplate.ts';
import { GAP_NOISE_PASSES, gapNoiseScale, secondDifferenceScale } from '../detection/gapNoise.ts';
import { integrationLimits } from '../detection/integrationLimits.ts';
import { apexWidths } from '../detection/apexWidths.ts';
import { completeFigures } from '../figures/completeFigures.ts';
import { blankPeakToPeak } from '../figures/blankNoise.ts';
import { bridgeDropouts } from '../files/dropouts.ts';
import { measurePeak } from '../figures/measurePeak.ts';
import type { Peak } from '../figures/peak.ts';
import { runNoise, type RunNoise } from '../noise/runNoise.ts';
import { checkSignal, prepareSignal, type SignalInput } from './signalInput.ts';
import type { SignalMemo } from './signalMemo.ts';
import { fitPeaks } from './fitPeaks.ts';
import { noPeaksReason, type NoPeaksReason } from './noPeaksReason.ts';
import { applyDetectionEvents, wantsNegativePeaks } from '../events/detectionEvents.ts';
import { applyLimitEvents } from '../events/limitEvents.ts';
import { rejectPeaks } from '../events/peakEvents.ts';
import { appliedEvents, inRanges, ofKind, timedEvents, type TimedEvent } from '../events/timedEvents.ts';
import { applyQuantitationLimit } from './quantitationLimit.ts';
import { applyReportingThreshold, DEFAULT_REPORTING_THRESHOLD_PERCENT } from './reportingThreshold.ts';
import {
  algorithmKeys,
  algorithmVersions,
  UNKNOWN_POSTPROCESSING_VALUE,
  type ProcessingTemplate,
} from './processingTemplate.ts';

export type { SignalInput } from './signalInput.ts';
export type { NoPeaksCode, NoPeaksReason } from './noPeaksReason.ts';

export interface ProcessContext {
  /** The blank injection's signal for `simple_subtraction` (any time grid). */
  blank?: SignalInput | null;
  /** Hold-up time for retention factors. @default null */
  holdUpTimeSec?: number | null;
  /** Include the corrected signal and the run baseline in the result (for plotting). @default false */
  includeSignals?: boolean;
  /**
   * With `includeSignals`, hand back the input values themselves as the corrected signal when no step
   * changed them, instead of a copy: for a caller that only reads it (the preview reduces it for the plot).
   * @default false
   */
  shareUnchangedSignal?: boolean;
  /** Measurements of this signal kept from earlier calls with other templates (`SignalMemo`). */
  memo?: SignalMemo | null;
}

type StepName = 'detection_time' | 'binj' | 'base' | 'nois' | 'pdet' | 'peak';

/** What one step did: its algorithm key and version, or the error it reported. */
export interface StepReport {
  step: StepName;
  algorithm: string;
  version: string;
  error: string | null;
}

/** Result of processing; plain JSON (no typed arrays) apart from `signals`, so it can be stored as is. */
export interface ProcessingResult {
  peaks: Peak[];
  noise: RunNoise | null;
  unit: string;
  steps: StepReport[];
  /** Algorithm versions by step, e.g. `{ "pdet": "default@1 (…)" }`. */
  versions: Record<string, string>;
  detectionWindowSec: { start: number; end: number };
  /** What detection applied: template minimums and the automatic values (null when it did not run). */
  detection: DetectionSettings | null;
  /** Detector dropouts (NaN or the AIA null) bridged by linear interpolation before processing. */
  dropouts: { count: number; rangeCount: number } | null;
  /** Why no peak was reported (flat run, nothing above the detection limit, …); null when peaks were. */
  noPeaks: NoPeaksReason | null;
  /** Full-length arrays for plotting and manual integration (only with `includeSignals`; never stored). */
  signals?: { correctedValues: Float64Array; runBaseline: Float64Array };
}

function baselinePoints(template: ProcessingTemplate): BaselinePoint[] {
  return (template.baseline_correction_points ?? []).map((point) =>
    Array.isArray(point)
      ? { timeSec: Number(point[0]), value: Number(point[1]) }
      : {
          timeSec: Number((point as { time_sec: number }).time_sec),
          value: Number((point as { value: number }).value),
        },
  );
}

/** `values − subtrahend`, point by point, as a new array. */
function minus(values: Float64Array, subtrahend: ArrayLike<number>): Float64Array {
  const result = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) result[i] = (values[i] as number) - (subtrahend[i] as number);
  return result;
}

/**
 * Processes one chromatogram with a post-processing template, replaying every step from the raw signal:
 * blank subtraction → baseline → detection (then the detection-time mask) → integration → noise and
 * figures. Each step records its algorithm version, or its own error (an unknown key gives
 * 'Unknown postprocessing value'); a failing step falls back to doing nothing and the others still run.
 * Pure and synchronous: call it from a Web Worker or from the server alike.
 * @throws Error only when the signal itself is unusable (lengths, non-finite points, times not increasing).
 * @example processChromatogram({ timeSec, values }, { peak_detection_min_prominence: 2 }).peaks
 */
export function processChromatogram(
  signal: SignalInput,
  template: ProcessingTemplate = {},
  context: ProcessContext = {},
): ProcessingResult {
  // Checked once per signal while a memo holds it: the template changes nothing there.
  const input = context.memo ? context.memo.inputOf(signal) : prepareSignal(signal);
  const { timeSec, dropouts, stepSec } = input;
  let values = input.values;
  // One work buffer of the signal's length for the detection signal's first smoothing pass (nothing keeps
  // it: each use overwrites it).
  const scratch = new Float64Array(timeSec.length);
  const steps: StepReport[] = [];
  const versions: Record<string, string> = {};
  const run = <T>(step: StepName, algorithm: string, body: () => T, fallback: T): T => {
    const version = algorithmVersions[`${step}/${algorithm}`] ?? '1';
    try {
      const result = body();
      steps.push({ step, algorithm, version, error: null });
      versions[step] = `${algorithm}@${version}`;
      return result;
    } catch (error) {
      steps.push({ step, algorithm, version, error: error instanceof Error ? error.message : String(error) });
      return fallback;
    }
  };
  const keyOf = (step: keyof typeof algorithmKeys, raw: string | null | undefined) => {
    const key = raw ?? algorithmKeys[step].default;
    return { key, known: (algorithmKeys[step].keys as readonly string[]).includes(key) };
  };
  const unknown = () => {
    throw new Error(UNKNOWN_POSTPROCESSING_VALUE);
  };

  const first = timeSec[0] as number;
  const last = timeSec[timeSec.length - 1] as number;
  const events = timedEvents(template.integration_events, first, last);
  const window = run(
    'detection_time',
    'window',
    () => {
      const start = template.detection_time_start_sec ?? first;
      const end = template.detection_time_end_sec ?? last;
      if (!Number.isFinite(start) || !Number.isFinite(end))
        throw new Error('detection time must be a number of seconds');
      if (!(end > start)) throw new Error('detection_time_end_sec must be after detection_time_start_sec');
      return { start: Math.max(first, start), end: Math.min(last, end) };
    },
    { start: first, end: last },
  );

  const subtractBlank = () => {
    const blank = context.blank;
    if (!blank) throw new Error('simple_subtraction needs the blank injection signal');
    checkSignal(blank, 'blank');
    const blankValues = Float64Array.from(blank.values);
    if (!bridgeDropouts(blank.timeSec, blankValues)) throw new Error('blank: no point has a value');
    const onGrid = interpolateOnto(blank.timeSec, blankValues, timeSec);
    values = minus(values, onGrid);
  };
  const binj = keyOf('binj', template.algorithm_binj);
  let blankSubtracted = false;
  run(
    'binj',
    binj.key,
    () => {
      if (!binj.known) unknown();
      if (binj.key === 'simple_subtraction') {
        subtractBlank();
        blankSubtracted = true;
      }
    },
    undefined,
  );

  const base = keyOf('base', template.algorithm_base);
  let runLine: Float64Array | null = null;
  run(
    'base',
    base.key,
    () => {
      if (!base.known) unknown();
      if (base.key === 'simple_subtraction') {
        if (!blankSubtracted) subtractBlank();
        return;
      }
      if (base.key === 'none') return;
      const line = runBaseline(base.key as 'none', timeSec, values, {
        windowStartSec: window.start,
        windowEndSec: window.end,
        anchorPointSec: template.baseline_correction_anchor_point ?? null,
        points: baselinePoints(template),
      });
      values = minus(values, line);
      runLine = line;
    },
    undefined,
  );

  const inWindow = (index: number) =>
    (timeSec[index] as number) >= window.start && (timeSec[index] as number) <= window.end;
  const pdet = keyOf('pdet', template.algorithm_pdet);
  const peakKey = keyOf('peak', template.algorithm_peak);
  let scale: SignalScale | null = null;
  let detection: DetectionSettings | null = null;
  let detected: DetectedApex[] = [];
  let foundCount = 0;
  let inhibited = 0;
  run(
    'pdet',
    pdet.key,
    () => {
      if (!pdet.known) unknown();
      if (peakKey.key === 'first_derivative') return;
      const minimums = {
        minDistanceSec: template.peak_detection_min_distance,
        minHeight: template.peak_detection_min_height,
        minWidthSec: template.peak_detection_min_width,
        minProminence: template.peak_detection_min_prominence,
      };
      const measured = context.memo
        ? context.memo.scaleOf(values, scratch)
        : measureSignalScale(values, scratch);
      scale = measured;
      // Automatic detection; on a short run whose quiet quarter of noise windows still held peaks, once more
      // with the noise measured in the gaps between the peaks a first pass found (gapNoiseScale).
      const automatic = () => {
        const options = {
          negativePeaks: wantsNegativePeaks(events, template.peak_detection_negative_peaks === true),
        };
        let current = measured;
        let found = detectAutomatic(values, stepSec, current, minimums, options);
        for (let pass = 0; pass < GAP_NOISE_PASSES; pass++) {
          let refined = gapNoiseScale(values, current, found.spans ?? []);
          if (refined === current && pass === 0) {
            // The first pass found too few peaks for its gaps to be baseline: a more sensitive pass, seeded
            // by the second differences' noise, gives the gaps.
            const guess = secondDifferenceScale(values, current);
            if (guess) {
              const spans = detectAutomatic(values, stepSec, guess, minimums, options).spans ?? [];
              refined = gapNoiseScale(values, current, spans);
            }
          }
          if (refined === current) break;
          current = refined;
          found = detectAutomatic(values, stepSec, current, minimums, options);
        }
        scale = current;
        return found;
      };
      const found =
        pdet.key === 'wavelet_v1'
          ? {
              apexes: Array.from(detectWavelet(values), (index) => ({
                index,
                sign: 1 as const,
                shoulder: false,
              })),
              settings: detectWithTemplate(values, stepSec, scale, minimums, context.memo).settings,
            }
          : minimums.minProminence != null
            ? detectWithTemplate(values, stepSec, scale, minimums, context.memo)
            : automatic();
      if (pdet.key === 'wavelet_v1') {
        const allowed = new Set(
          detectWithTemplate(values, stepSec, scale, minimums, context.memo).apexes.map((a) => a.index),
        );
        found.apexes = found.apexes.filter((apex) => allowed.has(apex.index));
      }
      const afterEvents =
        events.length > 0 && scale
          ? applyDetectionEvents(found.apexes, {
              timeSec,
              values,
              scale,
              events,
              negativePeaks: template.peak_detection_negative_peaks === true,
            })
          : { apexes: found.apexes, inhibited: 0 };
      inhibited = afterEvents.inhibited;
      detection = found.settings;
      foundCount = found.apexes.length;
      detected = afterEvents.apexes.filter((apex) => inWindow(apex.index));
    },
    undefined,
  );

  let peaks: Peak[] = [];
  let skimParents: (number | undefined)[] = [];
  let baselineLevel: ReturnType<typeof dipsUnderBaseline> = null;
  run(
    'peak',
    peakKey.key,
    () => {
      if (!peakKey.known) unknown();
      if (peakKey.key === 'none') {
        peaks = detected.map(({ index: apex, sign }) =>
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
        return;
      }
      if (peakKey.key === 'first_derivative') {
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
        peaks = limits.map((limit) => measurePeak(timeSec, values, limit));
        return;
      }
      if (!scale) return;
      const signalScale: SignalScale = scale;
      baselineLevel = dipsUnderBaseline(signalScale);
      let limits = integrationLimits({
        baselineLevel,
        timeSec,
        values,
        smoothed: signalScale.smoothed,
        bend: signalScale.bend,
        apexes: detected,
        widths: apexWidths(signalScale, detected),
        noisePeakToPeak: signalScale.smoothedPeakToPeak,
        smoothingSamples: signalScale.smoothingSamples,
        driftPerSample: signalScale.driftPerSample,
        rawPeakToPeak: signalScale.rawNoise.peakToPeak,
        skimMode: skimModeOf(events, timeSec),
      });
      // Dips found while negative peaks are off bounded their neighbours' limits; they are not reported.
      const reported = limits.flatMap((_, k) => (detected[k]?.unreported ? [] : [k]));
      const newIndex = new Map(reported.map((k, j) => [k, j]));
      limits = reported.map((k) => {
        const limit = limits[k]!;
        const parent = limit.skimParent === undefined ? undefined : newIndex.get(limit.skimParent);
        return { ...limit, skimParent: parent };
      });
      limits = applyLimitEvents(limits, events, { timeSec, values });
      peaks = limits.map((limit) => measurePeak(timeSec, values, limit));
      skimParents = limits.map((limit) => limit.skimParent);
      limits.forEach((limit, k) => {
        if (limit.skimParent === undefined) return;
        const parent = peaks[limit.skimParent]!;
        peaks[limit.skimParent] = { ...parent, area: parent.area - peaks[k]!.area };
      });
      // No positive peak ever has a negative area: where the cluster's line runs above the signal (a
      // baseline drawn through a high contact), the peak is measured again valley to valley, its baseline
      // through the signal's own level at its limits (ChemStation's baseline penetration rule).
      peaks = peaks.map((peak, k) => {
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
      // A positive "peak" with no area even then has no falling flank above its baseline: the edge of a
      // baseline step (a new baseline, not a peak). It is not reported.
      const kept = peaks.flatMap((peak, k) =>
        peak.negative || peak.area > 0 || skimParents[k] !== undefined ? [k] : [],
      );
      if (kept.length < peaks.length) {
        const keptIndex = new Map(kept.map((k, j) => [k, j]));
        peaks = kept.map((k) => peaks[k]!);
        limits = kept.map((k) => limits[k]!);
        skimParents = kept.map((k) => {
          const parent = skimParents[k];
          return parent === undefined ? undefined : keptIndex.get(parent);
        });
      }
      ({ peaks, limits, skimParents } = rejectPeaks({ peaks, limits, skimParents }, events));
      if (peakKey.key === 'peak_fitting_v1') peaks = fitPeaks(timeSec, limits, peaks, values, template);
    },
    undefined,
  );

  const integrated = peaks.length;
  const nois = keyOf('nois', template.algorithm_nois);
  const noise = run(
    'nois',
    nois.key,
    () => {
      if (!nois.known) unknown();
      if (nois.key === 'none') return null;
      const largest = peaks.reduce<Peak | null>(
        (best, peak) => (!best || peak.height > best.height ? peak : best),
        null,
      );
      const widthSec = largest?.widthHalfSec ? 5 * largest.widthHalfSec : (window.end - window.start) / 20;
      return runNoise(
        nois.key as 'median',
        timeSec,
        values,
        window.start,
        window.end,
        Math.max(widthSec, 5 * stepSec),
        [...peaks, ...dipStretches(baselineLevel, timeSec)],
      );
    },
    null,
  );
  const blank = context.blank;
  // Ph. Eur. 2.2.46: h from the blank injection where one is given.
  const blankNoise = (found: readonly Peak[]) =>
    blank && nois.key !== 'none' ? blankPeakToPeak(blank.timeSec, blank.values, found) : null;
  const settings = detection as DetectionSettings | null;
  if (settings?.minProminence.automatic && pdet.key !== 'wavelet_v1' && skimParents.length > 0 && noise) {
    const perPeak = blankNoise(peaks);
    // Where a threshold event gives the detection minimum, the user's minimum replaces the automatic S/N limit
    // there too (as a template's given prominence does for the whole run).
    const thresholds = ofKind(events, 'threshold');
    const applied = applyQuantitationLimit(peaks, skimParents, (k) =>
      inRanges(thresholds, peaks[k]!.retentionTimeSec) ? null : (perPeak?.[k] ?? noise.peakToPeak),
    );
    peaks = applied.peaks;
    detection = { ...settings, quantitationLimit: applied.limit };
  }
  peaks = flagOverRange(peaks, timeSec, values, noise?.peakToPeak ?? detection?.noisePeakToPeak ?? 0);
  peaks = completeFigures(peaks, {
    holdUpTimeSec: context.holdUpTimeSec ?? null,
    noisePeakToPeak: noise?.peakToPeak ?? null,
    blankPeakToPeak: blankNoise(peaks),
  });
  if (settings?.minProminence.automatic && pdet.key !== 'wavelet_v1') {
    const percent = template.reporting_threshold_percent ?? DEFAULT_REPORTING_THRESHOLD_PERCENT;
    const reported = applyReportingThreshold(peaks, percent);
    peaks = reported.peaks;
    detection = {
      ...(detection as DetectionSettings),
      reportingThreshold: { percent, below: reported.below },
    };
  }
  // Each result records the events it applied (docs/processing.md "Integration events").
  if (events.length > 0 && detection) detection = { ...detection, events: appliedEvents(events) };
  const result: ProcessingResult = {
    peaks,
    noise,
    unit: signal.unit ?? '',
    steps,
    versions,
    detectionWindowSec: window,
    detection,
    dropouts: dropouts ? { count: dropouts.count, rangeCount: dropouts.rangeCount } : null,
    noPeaks: null,
  };
  if (peaks.length === 0) {
    let min = Infinity;
    let max = -Infinity;
    for (const v of values) {
      if (v < min) min = v;
      if (v > max) max = v;
    }
    const failed = steps.find(
      (step) => (step.step === 'pdet' || step.step === 'peak') && step.error !== null,
    );
    result.noPeaks = noPeaksReason(
      {
        unit: result.unit,
        range: { min, max },
        stepError: failed ? { step: failed.step, error: failed.error as string } : null,
        detection,
        detectionWindowSec: window,
        wholeRun: window.start <= first && window.end >= last,
        found: peakKey.key === 'first_derivative' ? integrated : foundCount,
        inWindow: peakKey.key === 'first_derivative' ? integrated : detected.length,
        dips: detected.filter((apex) => apex.unreported).length,
        inhibited,
        integrated,
      },
      0,
    );
  }
  if (context.includeSignals) {
    result.signals = {
      // A copy when no step changed the signal, so the caller's input is never handed back as the result.
      correctedValues: values === signal.values && !context.shareUnchangedSignal ? values.slice() : values,
      runBaseline: runLine ?? new Float64Array(values.length),
    };
  }
  return result;
}

/**
 * Flags a clipped (saturated) top: a positive peak whose highest sample is the run's maximum (within the
 * noise range) and whose top stays flat (see below) — the
 * detector's ceiling, not a shape. Such a peak is one peak (detection takes the middle of the plateau as
 * its apex) and its area and height are understated; CDSs mark it over-range (ChemStation's "limit" flag,
 * Empower's saturation flag).
 */
function flagOverRange(
  peaks: Peak[],
  timeSec: Float64Array,
  values: Float64Array,
  noiseRange: number,
): Peak[] {
  let maximum = -Infinity;
  for (const v of values) if (v > maximum) maximum = v;
  return peaks.map((peak) => {
    if (peak.negative) return peak;
    let from = 0;
    while (from < timeSec.length - 1 && timeSec[from]! < peak.startSec) from++;
    let top = from;
    for (let i = from; i < timeSec.length && timeSec[i]! <= peak.endSec; i++)
      if (values[i]! > values[top]!) top = i;
    if (!(maximum - values[top]! <= noiseRange)) return peak;
    // Within half the noise range or 1 % of the height of the top (a ceiling may creep: a clipped top
    // rising by 0.6 % was split in two), for a quarter of W50 or more (a Gaussian's top stays within 1 %
    // for 0.12 W50 only) and at least three samples.
    let left = top;
    let right = top;
    const level = values[top]! - Math.max(noiseRange / 2, 0.01 * peak.height);
    while (left > 0 && values[left - 1]! >= level) left--;
    while (right < values.length - 1 && values[right + 1]! >= level) right++;
    const plateauSec = timeSec[right]! - timeSec[left]!;
    const wide = plateauSec >= (peak.widthHalfSec ?? 0) / 4;
    return right - left >= 2 && wide ? { ...peak, overRange: true } : peak;
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

/** Dips hold no baseline noise: the run noise leaves them out as it leaves out the peaks. */
function dipStretches(
  found: ReturnType<typeof dipsUnderBaseline>,
  timeSec: Float64Array,
): { startSec: number; endSec: number }[] {
  return (found?.below ?? []).map(({ from, to }) => ({ startSec: timeSec[from]!, endSec: timeSec[to]! }));
}
