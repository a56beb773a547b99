import type { DetectionSettings } from '../detection/detectionSettings.ts';
import { completeFigures } from '../figures/completeFigures.ts';
import { blankPeakToPeak } from '../figures/blankNoise.ts';
import type { Peak } from '../figures/peak.ts';
import { firstIndexAtOrAfter } from '../integration/sampleCells.ts';
import { runNoise, runNoiseFromDifferences, type RunNoise } from '../noise/runNoise.ts';
import { prepareSignal, type SignalInput } from './signalInput.ts';
import type { SignalMemo } from './signalMemo.ts';
import { noPeaksReason, type NoPeaksFacts, type NoPeaksReason } from './noPeaksReason.ts';
import { appliedEvents, inRanges, ofKind, timedEvents, type TimedEvent } from '../events/timedEvents.ts';
import { applyQuantitationLimit } from './quantitationLimit.ts';
import { applyReportingThreshold, DEFAULT_REPORTING_THRESHOLD_PERCENT } from './reportingThreshold.ts';
import type { ProcessingTemplate } from './processingTemplate.ts';
import { detectApexes, emptyApexDetection } from './apexDetection.ts';
import { emptyPeakIntegration, integratePeaks, type DipsUnderBaseline } from './peakIntegration.ts';
import { automaticSignal, type AutomaticSignal } from './automaticSignal.ts';
import { correctSignal } from './signalCorrection.ts';
import { rejectUnknownKey, stepKey, stepRecorder, type StepReport } from './stepReports.ts';

export type { SignalInput } from './signalInput.ts';
export type { NoPeaksCode, NoPeaksReason } from './noPeaksReason.ts';
export type { StepReport } from './stepReports.ts';

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
  // One work buffer of the signal's length for the detection signal's first smoothing pass (nothing keeps
  // it: each use overwrites it).
  const scratch = new Float64Array(timeSec.length);
  const { steps, versions, run } = stepRecorder();

  const first = timeSec[0] as number;
  const last = timeSec[timeSec.length - 1] as number;
  const events = timedEvents(template.integration_events, first, last);
  const window = run('detection_time', 'window', () => detectionWindow(template, first, last), {
    start: first,
    end: last,
  });

  const corrected = correctSignal(run, template, context.blank, { timeSec, values: input.values }, window);
  const drift = withoutDrift(template, timeSec, corrected.values, context.memo ?? null);
  const values = drift.values;

  const inWindow = (index: number) =>
    (timeSec[index] as number) >= window.start && (timeSec[index] as number) <= window.end;
  const pdet = stepKey('pdet', template.algorithm_pdet);
  const peakKey = stepKey('peak', template.algorithm_peak);
  const found = emptyApexDetection();
  run(
    'pdet',
    pdet.key,
    () => {
      rejectUnknownKey(pdet);
      if (peakKey.key === 'first_derivative') return;
      const memo = context.memo;
      const detection = { timeSec, values, stepSec, scratch, template, events, memo, inWindow };
      detectApexes(found, { ...detection, algorithm: pdet.key });
    },
    undefined,
  );

  const integration = emptyPeakIntegration();
  run(
    'peak',
    peakKey.key,
    () => {
      rejectUnknownKey(peakKey);
      integratePeaks(integration, {
        timeSec,
        values,
        template,
        events,
        algorithm: peakKey.key,
        scale: found.scale,
        detected: found.apexes,
        window,
        inWindow,
      });
    },
    undefined,
  );

  const integrated = integration.peaks.length;
  const nois = stepKey('nois', template.algorithm_nois);
  const noise = run(
    'nois',
    nois.key,
    () => {
      rejectUnknownKey(nois);
      if (nois.key === 'none') return null;
      return measureRunNoise(nois.key, { timeSec, values, stepSec, window }, integration, found.settings);
    },
    null,
  );
  const blank = context.blank;
  // Ph. Eur. 2.2.46: h from the blank injection where one is given.
  const blankNoise = (measured: readonly Peak[]) =>
    blank && nois.key !== 'none' ? blankPeakToPeak(blank.timeSec, blank.values, measured) : null;
  const { peaks, detection } = finishPeaks(integration, {
    timeSec,
    values,
    template,
    events,
    noise,
    detection: found.settings,
    automatic: found.settings?.minProminence.automatic === true && pdet.key !== 'wavelet_v1',
    blankNoise,
    holdUpTimeSec: context.holdUpTimeSec ?? null,
  });
  const result: ProcessingResult = {
    peaks: withDriftBack(peaks, drift.removedPerSec, first),
    noise: withRunDrift(noise, drift.removedPerSec),
    unit: signal.unit ?? '',
    steps,
    versions,
    detectionWindowSec: window,
    detection: withSpikes(detection, drift.spikes, timeSec),
    dropouts: dropouts ? { count: dropouts.count, rangeCount: dropouts.rangeCount } : null,
    noPeaks: null,
  };
  if (peaks.length === 0) {
    const slope = peakKey.key === 'first_derivative';
    result.noPeaks = whyNoPeaks(values, steps, {
      unit: result.unit,
      detection,
      detectionWindowSec: window,
      wholeRun: window.start <= first && window.end >= last,
      found: slope ? integrated : found.foundCount,
      inWindow: slope ? integrated : found.apexes.length,
      dips: found.apexes.filter((apex) => apex.unreported).length,
      inhibited: found.inhibited,
      integrated,
    });
  }
  if (context.includeSignals) {
    result.signals = {
      // A copy when no step changed the signal, so the caller's input is never handed back as the result.
      correctedValues:
        corrected.values === signal.values && !context.shareUnchangedSignal
          ? corrected.values.slice()
          : corrected.values,
      runBaseline: corrected.runLine ?? new Float64Array(values.length),
    };
  }
  return result;
}

/** The `detection_time` step: the template's window, clamped to the run. */
function detectionWindow(
  template: ProcessingTemplate,
  first: number,
  last: number,
): { start: number; end: number } {
  const start = template.detection_time_start_sec ?? first;
  const end = template.detection_time_end_sec ?? last;
  if (!Number.isFinite(start) || !Number.isFinite(end))
    throw new Error('detection time must be a number of seconds');
  if (!(end > start)) throw new Error('detection_time_end_sec must be after detection_time_start_sec');
  return { start: Math.max(first, start), end: Math.min(last, end) };
}

/**
 * The `nois` step: the run's noise over windows of 5 × W50 of the largest peak (a twentieth of the
 * detection window without peaks), leaving out the peaks and the dips.
 */
function measureRunNoise(
  key: string,
  run: {
    timeSec: Float64Array;
    values: Float64Array;
    stepSec: number;
    window: { start: number; end: number };
  },
  integration: { peaks: readonly Peak[]; baselineLevel: DipsUnderBaseline },
  /** What detection applied: the automatic default's baseline noise leaves out the windows far above it. */
  detection: DetectionSettings | null,
): RunNoise | null {
  const { timeSec, values, window } = run;
  const baselineSd = detection?.minProminence.automatic ? detection.noiseSd : null;
  const { peaks } = integration;
  const largest = peaks.reduce<Peak | null>(
    (best, peak) => (!best || peak.height > best.height ? peak : best),
    null,
  );
  const widthSec = largest?.widthHalfSec ? 5 * largest.widthHalfSec : (window.end - window.start) / 20;
  if (key === 'median' && detection?.noiseFromDifferences) {
    return runNoiseFromDifferences(
      timeSec,
      values,
      window.start,
      window.end,
      Math.max(widthSec, 5 * run.stepSec),
      {
        sd: detection.noiseSd,
        peakToPeak: detection.noisePeakToPeak,
      },
    );
  }
  return runNoise(
    key as 'median',
    timeSec,
    values,
    window.start,
    window.end,
    Math.max(widthSec, 5 * run.stepSec),
    [...peaks, ...dipStretches(integration.baselineLevel, timeSec)],
    baselineSd ?? undefined,
  );
}

interface FinishContext {
  timeSec: Float64Array;
  values: Float64Array;
  template: ProcessingTemplate;
  events: readonly TimedEvent[];
  noise: RunNoise | null;
  /** What detection applied (null when it did not run). */
  detection: DetectionSettings | null;
  /** Whether the automatic detection minimum applied (not a template's prominence, not the wavelet). */
  automatic: boolean;
  /** Per peak, the blank's noise range around it, or null without a blank. */
  blankNoise: (peaks: readonly Peak[]) => (number | null)[] | null;
  holdUpTimeSec: number | null;
}

/**
 * The run's figures on the integrated peaks: the automatic quantitation limit (S/N), the over-range flags,
 * every peak's figures, the reporting threshold, and the record of the events applied.
 */
function finishPeaks(
  integration: { peaks: Peak[]; skimParents: readonly (number | undefined)[] },
  run: FinishContext,
): { peaks: Peak[]; detection: DetectionSettings | null } {
  const { timeSec, values, events, noise, automatic } = run;
  const settings = run.detection;
  let peaks = integration.peaks;
  let detection = settings;
  if (settings && automatic && integration.skimParents.length > 0 && noise) {
    const measured = peaks;
    const perPeak = run.blankNoise(measured);
    // Where a threshold event gives the detection minimum, the user's minimum replaces the automatic S/N limit
    // there too (as a template's given prominence does for the whole run).
    const thresholds = ofKind(events, 'threshold');
    const applied = applyQuantitationLimit(measured, integration.skimParents, (k) =>
      inRanges(thresholds, measured[k]!.retentionTimeSec) ? null : (perPeak?.[k] ?? noise.peakToPeak),
    );
    peaks = applied.peaks;
    detection = { ...settings, quantitationLimit: applied.limit };
  }
  peaks = flagOverRange(peaks, timeSec, values, noise?.peakToPeak ?? detection?.noisePeakToPeak ?? 0);
  peaks = completeFigures(peaks, {
    holdUpTimeSec: run.holdUpTimeSec,
    noisePeakToPeak: noise?.peakToPeak ?? null,
    blankPeakToPeak: run.blankNoise(peaks),
  });
  if (automatic) {
    const percent = run.template.reporting_threshold_percent ?? DEFAULT_REPORTING_THRESHOLD_PERCENT;
    const reported = applyReportingThreshold(peaks, percent);
    peaks = reported.peaks;
    detection = {
      ...(detection as DetectionSettings),
      reportingThreshold: { percent, below: reported.below },
    };
  }
  // Each result records the events it applied (docs/processing.md "Integration events").
  if (events.length > 0 && detection) detection = { ...detection, events: appliedEvents(events) };
  return { peaks, detection };
}

/** Why the run reported no peak, from the facts the steps left (the signal's range, a failed step). */
function whyNoPeaks(
  values: Float64Array,
  steps: readonly StepReport[],
  facts: Omit<NoPeaksFacts, 'range' | 'stepError'>,
): NoPeaksReason | null {
  let min = Infinity;
  let max = -Infinity;
  for (const v of values) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const failed = steps.find((step) => (step.step === 'pdet' || step.step === 'peak') && step.error !== null);
  return noPeaksReason(
    {
      ...facts,
      range: { min, max },
      stepError: failed ? { step: failed.step, error: failed.error as string } : null,
    },
    0,
  );
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
    const from = Math.min(timeSec.length - 1, firstIndexAtOrAfter(timeSec, peak.startSec));
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

/** Dips hold no baseline noise: the run noise leaves them out as it leaves out the peaks. */
function dipStretches(
  found: DipsUnderBaseline,
  timeSec: Float64Array,
): { startSec: number; endSec: number }[] {
  return (found?.below ?? []).map(({ from, to }) => ({ startSec: timeSec[from]!, endSec: timeSec[to]! }));
}

/**
 * The automatic default (no detection minimum, no integration event given) reads the run with its
 * one-sample spikes replaced (`lessSpikes`; docs/processing.md, "Spikes") and less its drift line when the
 * drift is large enough to move a reportable peak (`lessRunDrift`; "Linear drift").
 */
function withoutDrift(
  template: ProcessingTemplate,
  timeSec: Float64Array,
  values: Float64Array,
  memo: SignalMemo | null,
): AutomaticSignal {
  // Integration events are drawn on the signal as recorded (a held baseline is level there).
  const events = template.integration_events;
  if (template.peak_detection_min_prominence != null || (events && events.length > 0)) {
    return { values, removedPerSec: 0, spikes: [] };
  }
  return memo ? memo.driftOf(timeSec, values) : automaticSignal(timeSec, values);
}

/** The detection report with the times of the samples replaced as spikes, when there were any. */
function withSpikes(
  detection: DetectionSettings | null,
  spikes: readonly number[],
  timeSec: Float64Array,
): DetectionSettings | null {
  if (!detection || spikes.length === 0) return detection;
  return { ...detection, spikesSec: spikes.map((i) => timeSec[i]!) };
}

/** Peak baselines back on the signal as given (the run's drift line added again). */
function withDriftBack(peaks: Peak[], driftPerSec: number, first: number): Peak[] {
  if (driftPerSec === 0) return peaks;
  return peaks.map((peak) => ({
    ...peak,
    baselineStartValue: peak.baselineStartValue + driftPerSec * (peak.startSec - first),
    baselineEndValue: peak.baselineEndValue + driftPerSec * (peak.endSec - first),
  }));
}

/** The noise report's drift as recorded (ASTM E685): the line taken out added to what the windows read. */
function withRunDrift<T extends { driftPerSec: number }>(noise: T | null, removedPerSec: number): T | null {
  return noise && removedPerSec !== 0 ? { ...noise, driftPerSec: noise.driftPerSec + removedPerSec } : noise;
}
