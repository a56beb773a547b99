import type { AppliedEvent } from '../events/timedEvents.ts';
import { baselineNoise } from '../noise/baselineNoise.ts';
import { findPeaks } from '../peaks/findPeaks.ts';
import { curvature, smoothForDetection, whiteNoiseGain } from './smoothForDetection.ts';

/** One detection minimum as applied: the template's number, or the value derived from the signal. */
export interface AppliedMinimum {
  /** Value used, in template units (signal units; seconds for width and distance); null = not applied. */
  value: number | null;
  /** True when the template left the field null and the value was derived from the signal. */
  automatic: boolean;
}

/** What the automatic reporting limit did (`DetectionSettings.quantitationLimit`). */
export interface QuantitationLimit {
  /** Least S/N a reported peak has (2H/h). */
  signalToNoise: number;
  /** Peaks detected but left out because their S/N is below it. */
  removed: number;
  /**
   * Why the limit was not applied: it would have left out every peak of the run (a run is never emptied
   * by one noise figure without saying so; the peaks stay, their S/N shows the reason).
   */
  skipped?: 'would_remove_every_peak';
}

/** What detection applied, reported with every result so an analyst can see where the limits came from. */
export interface DetectionSettings {
  minProminence: AppliedMinimum;
  minHeight: AppliedMinimum;
  minWidthSec: AppliedMinimum;
  minDistanceSec: AppliedMinimum;
  /** Baseline noise of the raw signal in peak-free windows: SD and peak-to-peak (signal units). */
  noiseSd: number;
  noisePeakToPeak: number;
  /** Estimated W50 of the clearly real peaks (s), null when there are none. */
  estimatedPeakWidthSec: number | null;
  /**
   * The noise was measured in the gaps between the peaks a first detection pass found (a short run whose
   * noise windows all held peaks; `gapNoiseScale`), not over the run's quietest windows.
   */
  noiseFromGaps?: boolean;
  /**
   * The noise was read from the samples' high-order differences (`whiteNoiseFloor`): the peaks a first pass
   * found left gaps, and a pass at that noise found a peak in every one of them, so the run has no baseline
   * to measure the noise on; the figure is the white part of the noise (a filter's or a wander's share at
   * the peaks' scale cannot be read there).
   */
  noiseFromDifferences?: boolean;
  /**
   * The reporting limit of the automatic default (S/N ≥ 10, the quantitation limit) and how many detected
   * peaks it left out; absent when detection minimums came from the template or integration did not run.
   */
  quantitationLimit?: QuantitationLimit;
  /** The reporting threshold applied (percent of the total area) and how many peaks fell below it. */
  reportingThreshold?: { percent: number; below: number };
  /**
   * Times (s) of the one-sample spikes the automatic default replaced by their neighbours' mean before
   * reading the run (`lessSpikes`); absent when there were none.
   */
  spikesSec?: number[];
  /** The template's integration events the run saw, in time order (docs/processing.md). */
  events?: AppliedEvent[];
}

/** The signal features every automatic rule is scaled by. */
export interface SignalScale {
  /** Narrow-end peak width (half prominence) in samples: the lower quartile over the clearly real peaks. */
  widthSamples: number;
  /** Median W50 of the clearly real peaks in samples, null when there are none. */
  typicalWidthSamples: number | null;
  /** Moving-average width of the detection signal (odd, ≥ 1). */
  smoothingSamples: number;
  /** The detection signal: the raw signal under a triangular kernel of `smoothingSamples`. */
  smoothed: Float64Array;
  /** Curvature of the detection signal (second difference, averaged like it). */
  bend: Float64Array;
  /**
   * Detection runs on every `step`-th sample of the detection signal (a quarter of its kernel: the kernel
   * leaves nothing finer), then each find is refined at full resolution.
   */
  step: number;
  coarse: Float64Array;
  coarseBend: Float64Array;
  /** Noise window length: 5 × the peak width (Ph. Eur. 2.2.46 measures h over ≥ 5 W50). */
  noiseWindowSamples: number;
  /** Peak-to-peak baseline noise of the detection signal. */
  smoothedPeakToPeak: number;
  /** Residual SD of the detection signal in the same windows (the range's companion). */
  smoothedSd: number;
  /**
   * Set when the noise was measured again in the gaps between the peaks a first pass found
   * (`gapNoiseScale`): the quiet quarter of the run's windows all held peaks.
   */
  noiseFromGaps?: boolean;
  /** Set when the noise is the white-noise floor of a run with no baseline left (`whiteFloorScale`). */
  noiseFromDifferences?: boolean;
  /** Baseline drift of the detection signal per sample (quiet windows). */
  driftPerSample: number;
  rawNoise: { sd: number; peakToPeak: number };
}

/** A peak this many times the short-window noise range is certainly real: such peaks set the width scale. */
const CLEARLY_REAL_FACTOR = 20;
/**
 * Short windows for the first noise estimate, before any width is known: 32 samples, fewer on a short run
 * so it still has 32 windows and a quiet quarter of them (a fixed 32 left a 143-point run four windows,
 * all over peaks); never under 8 samples (a line fitted to fewer leaves too little of the noise).
 */
const FIRST_NOISE_WINDOW = 32;
const MIN_FIRST_NOISE_WINDOW = 8;
const FIRST_NOISE_WINDOWS = 32;
/** Above this many points, the first width estimate runs on block means. */
const WIDTH_ESTIMATE_POINTS = 50_000;
/** Width assumed when no clearly real peak exists (pure noise, flat signals). */
const FALLBACK_WIDTH_SAMPLES = 8;
/** The detection kernel is a third of the narrow peak width: noise falls, peaks keep ~97 % of height. */
const SMOOTHING_FRACTION = 1 / 3;
const MAX_SMOOTHING_SAMPLES = 201;
/** Noise window in peak widths (Ph. Eur. 2.2.46: h over at least 5 W50). */
const NOISE_WINDOW_WIDTHS = 5;
/** Fewest noise windows over a run. */
const MIN_NOISE_WINDOWS = 16;
/** Shortest detection noise window (samples): as the first estimate's. */
const MIN_NOISE_WINDOW_SAMPLES = MIN_FIRST_NOISE_WINDOW;

function oddAtLeastOne(value: number): number {
  const rounded = Math.max(1, Math.round(value));
  return rounded % 2 === 1 ? rounded : rounded + 1;
}

function quantile(sorted: Float64Array, fraction: number): number {
  return sorted[Math.floor(fraction * (sorted.length - 1))] as number;
}

/**
 * Measures the scales automatic detection needs: a first noise range in short windows, the widths of the
 * clearly real peaks (prominence ≥ 20 × that range), the detection signal smoothed over a third of the
 * narrow-end width, and its noise over windows of 5 × the width.
 */
export function measureSignalScale(
  values: Float64Array,
  /** Work array of `values.length`, overwritten (no result keeps it); saves an allocation. @default a new one */
  work?: Float64Array,
): SignalScale {
  // The largest distance from the first sample, from the extremes; long signals also get their block means
  // (the strong peaks' widths come from them first, cheaply) in the same pass.
  const blockSize = Math.max(1, Math.floor(values.length / WIDTH_ESTIMATE_POINTS));
  const { low, high, means } = extremesAndBlockMeans(values, blockSize);
  const range = values.length > 1 ? Math.max(0, high - values[0]!, values[0]! - low) : 0;
  // Narrow peaks are measured again in full.
  let widths = strongPeakWidths(means ?? values, range, blockSize);
  if (blockSize > 1 && widths.length && quantile(widths, 0.25) < 8 * blockSize) {
    widths = strongPeakWidths(values, range, 1);
  }
  const widthSamples = widths.length ? Math.max(2, quantile(widths, 0.25)) : FALLBACK_WIDTH_SAMPLES;
  const typicalWidthSamples = widths.length ? quantile(widths, 0.5) : null;
  const smoothingSamples = Math.min(MAX_SMOOTHING_SAMPLES, oddAtLeastOne(widthSamples * SMOOTHING_FRACTION));
  // The work array holds the first smoothing pass (the curvature needs no array of its own).
  const scratch = work && work.length === values.length ? work : new Float64Array(values.length);
  const smoothed = smoothForDetection(values, smoothingSamples, scratch);
  const bend = curvature(smoothed, smoothingSamples, scratch);
  // 5 W50 as the pharmacopoeia measures h, but at least 16 windows so a crowded run still has quiet ones.
  const noiseWindowSamples = Math.max(
    MIN_NOISE_WINDOW_SAMPLES,
    Math.min(Math.round(NOISE_WINDOW_WIDTHS * widthSamples), Math.floor(values.length / MIN_NOISE_WINDOWS)),
  );
  const raw = baselineNoise(values, noiseWindowSamples);
  const detection = baselineNoise(smoothed, noiseWindowSamples);
  const floor = 1e-12 * range;
  const step = Math.max(1, Math.floor(smoothingSamples / 4));
  return {
    widthSamples,
    typicalWidthSamples,
    smoothingSamples,
    smoothed,
    bend,
    step,
    coarse: everyNth(smoothed, step),
    coarseBend: everyNth(bend, step),
    noiseWindowSamples,
    smoothedPeakToPeak: Math.max(detection.peakToPeak, floor),
    smoothedSd: detection.sd,
    driftPerSample: detection.driftPerSample,
    rawNoise: { sd: raw.sd, peakToPeak: raw.peakToPeak },
  };
}

/**
 * The scale with its width read again at the noise detection settled on, for a run whose first noise range
 * read over peaks (its short windows all held one) so that no peak stood 20 × above it and the width fell
 * back to `FALLBACK_WIDTH_SAMPLES`: once the noise is read in the gaps between the peaks (`noiseFromGaps`) or
 * from the white-noise floor (`noiseFromDifferences`), the clearly real peaks are those 20 × that range, and
 * their half-prominence widths give the width scale (lower quartile) and the typical width (median) as the
 * first reading would have. The detection kernel and everything measured with it stay (the noise figures are
 * the kernel's); detection may run on a narrower one (`narrowerKernelScale`). Null where the width was read or
 * no peak is clearly real.
 */
export function widthScaleAtNoise(values: Float64Array, scale: SignalScale): SignalScale | null {
  if (scale.typicalWidthSamples !== null || !(scale.noiseFromGaps || scale.noiseFromDifferences)) return null;
  if (!(scale.rawNoise.peakToPeak > 0)) return null;
  const strong = findPeaks(values, { prominence: CLEARLY_REAL_FACTOR * scale.rawNoise.peakToPeak, width: 0 });
  const widths = Float64Array.from(strong.properties.widths ?? []).sort();
  if (!widths.length) return null;
  return {
    ...scale,
    widthSamples: Math.max(2, quantile(widths, 0.25)),
    typicalWidthSamples: quantile(widths, 0.5),
  };
}

/**
 * The detection signal under the kernel a scale's width asks (a third of the narrow-end width), for a scale
 * whose width was read again at the white-noise floor (`widthScaleAtNoise`) and whose kernel, the fallback
 * width's, is wider: its noise figures scaled by the two kernels' white gains (the floor is the white part of
 * the noise, which a kernel lowers by its white gain, `whiteNoiseGain`). Null when the kernel is not narrower
 * or the noise was not read from the floor (a gap reading is the kernel's own, and of noise that need not be
 * white). Detection runs on it; integration keeps the wider kernel, whose walks and anchors hold on noise
 * (docs/processing.md, "The width read again at the settled noise").
 */
export function narrowerKernelScale(values: Float64Array, scale: SignalScale): SignalScale | null {
  const m = oddAtLeastOne(scale.widthSamples * SMOOTHING_FRACTION);
  if (!scale.noiseFromDifferences || m >= scale.smoothingSamples) return null;
  const smoothed = smoothForDetection(values, m, new Float64Array(values.length));
  const bend = curvature(smoothed, m);
  const gain = whiteNoiseGain(m) / whiteNoiseGain(scale.smoothingSamples);
  const step = Math.max(1, Math.floor(m / 4));
  return {
    ...scale,
    smoothingSamples: m,
    smoothed,
    bend,
    step,
    coarse: everyNth(smoothed, step),
    coarseBend: everyNth(bend, step),
    smoothedSd: scale.smoothedSd * gain,
    smoothedPeakToPeak: scale.smoothedPeakToPeak * gain,
  };
}

/** Half-prominence widths (in samples of the full signal) of the peaks 20 × the short-window noise range. */
function strongPeakWidths(values: Float64Array, range: number, blockSize: number): Float64Array {
  const strong = strongPeaks(values, range);
  return Float64Array.from(strong.properties.widths ?? [], (width) => width * blockSize).sort();
}

/** The peaks 20 × the short-window noise range, with their prominences, bases and half-prominence widths. */
function strongPeaks(values: Float64Array, range: number) {
  const window = Math.max(
    MIN_FIRST_NOISE_WINDOW,
    Math.min(FIRST_NOISE_WINDOW, Math.floor(values.length / FIRST_NOISE_WINDOWS)),
  );
  const first = baselineNoise(values, window);
  const strongProminence = Math.max(CLEARLY_REAL_FACTOR * first.peakToPeak, 1e-9 * range);
  return findPeaks(values, { prominence: strongProminence, width: 0 });
}

/**
 * The smallest and largest sample (NaN never counts) and, for `size` > 1, the mean of each whole block of
 * `size` samples (a remainder shorter than a block has none), in one pass.
 */
function extremesAndBlockMeans(
  values: Float64Array,
  size: number,
): { low: number; high: number; means: Float64Array | null } {
  // Math.min and Math.max compile to branch-free instructions (comparisons and jumps cost twice as much
  // here); they differ from comparisons only on NaN, which they return (then the comparisons decide), and
  // in the sign of a zero extreme, which no caller can see (the range is max(0, high − first, first − low)).
  let low = values[0]!;
  let high = low;
  const means = size > 1 ? new Float64Array(Math.floor(values.length / size)) : null;
  let i = 0;
  if (means) {
    for (let b = 0; b < means.length; b++) {
      let sum = 0;
      for (const end = i + size; i < end; i++) {
        const value = values[i]!;
        sum += value;
        low = Math.min(low, value);
        high = Math.max(high, value);
      }
      means[b] = sum / size;
    }
  }
  for (; i < values.length; i++) {
    const value = values[i]!;
    low = Math.min(low, value);
    high = Math.max(high, value);
  }
  if (low !== low || high !== high) return { ...extremesSkippingNaN(values), means };
  return { low, high, means };
}

/** The smallest and largest sample by comparison: NaN never counts (the first sample starts both). */
function extremesSkippingNaN(values: Float64Array): { low: number; high: number } {
  let low = values[0]!;
  let high = low;
  for (let i = 1; i < values.length; i++) {
    const value = values[i]!;
    if (value < low) low = value;
    else if (value > high) high = value;
  }
  return { low, high };
}

function everyNth(values: Float64Array, step: number): Float64Array {
  if (step === 1) return values;
  const result = new Float64Array(Math.ceil(values.length / step));
  for (let k = 0; k < result.length; k++) result[k] = values[k * step]!;
  return result;
}

/**
 * The narrow-end W50 of the clearly real peaks that are peaks of their own (samples; the lower quartile), or
 * null when there are none: the spike rule's test of whether a run is resolved (`lessSpikes`). A peak of its
 * own stands over its higher base by at least half its rise over its lower one: the top of a rider on a tail
 * stands over its valley by a sliver of its height, and its width at half that sliver is no peak's width
 * (seed 32's `spikes_1`: 2.3 samples, where the run's peaks are 17 and 23 wide). `measureSignalScale` still
 * reads its width scale over every clearly real peak: read this way, `SPA.CDF`'s crop lost its 1215.7 s peak
 * (docs/processing.md, "Measured and not adopted with the rules below").
 */
export function narrowEndWidthSamples(values: Float64Array): number | null {
  const { low, high } = extremesAndBlockMeans(values, 1);
  const range = values.length > 1 ? Math.max(0, high - values[0]!, values[0]! - low) : 0;
  const strong = strongPeaks(values, range);
  const { prominences, leftBases, rightBases, widths: all } = strong.properties;
  const widths = Float64Array.from(
    Array.from(strong.peaks).flatMap((peak, k) => {
      const rise = values[peak]! - Math.min(values[leftBases![k]!]!, values[rightBases![k]!]!);
      return prominences![k]! >= rise / 2 ? [all![k]!] : [];
    }),
  ).sort();
  return widths.length ? quantile(widths, 0.25) : null;
}
