import { baselineNoise } from '../noise/baselineNoise.ts';
import { findPeaks } from '../peaks/findPeaks.ts';
import { curvature, smoothForDetection } from './smoothForDetection.ts';

/** One detection minimum as applied: the template's number, or the value derived from the signal. */
export interface AppliedMinimum {
  /** Value used, in template units (signal units; seconds for width and distance); null = not applied. */
  value: number | null;
  /** True when the template left the field null and the value was derived from the signal. */
  automatic: boolean;
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
  /** Noise window length: 5 × the peak width (Ph. Eur. 2.2.46 measures h over ≥ 5 W50). */
  noiseWindowSamples: number;
  /** Peak-to-peak baseline noise of the detection signal. */
  smoothedPeakToPeak: number;
  /** Baseline drift of the detection signal per sample (quiet windows). */
  driftPerSample: number;
  rawNoise: { sd: number; peakToPeak: number };
}

/** A peak this many times the short-window noise range is certainly real: such peaks set the width scale. */
const CLEARLY_REAL_FACTOR = 20;
/** Short windows for the first noise estimate, before any width is known. */
const FIRST_NOISE_WINDOW = 32;
/** Width assumed when no clearly real peak exists (pure noise, flat signals). */
const FALLBACK_WIDTH_SAMPLES = 8;
/** The detection kernel is a third of the narrow peak width: noise falls, peaks keep ~97 % of height. */
const SMOOTHING_FRACTION = 1 / 3;
const MAX_SMOOTHING_SAMPLES = 201;
/** Noise window in peak widths (Ph. Eur. 2.2.46: h over at least 5 W50). */
const NOISE_WINDOW_WIDTHS = 5;

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
export function measureSignalScale(values: Float64Array): SignalScale {
  const first = baselineNoise(values, FIRST_NOISE_WINDOW);
  let range = 0;
  for (let i = 1; i < values.length; i++) range = Math.max(range, Math.abs(values[i]! - values[0]!));
  const strongProminence = Math.max(CLEARLY_REAL_FACTOR * first.peakToPeak, 1e-9 * range);
  const strong = findPeaks(values, { prominence: strongProminence, width: 0 });
  const widths = Float64Array.from(strong.properties.widths ?? []).sort();
  const widthSamples = widths.length ? Math.max(2, quantile(widths, 0.25)) : FALLBACK_WIDTH_SAMPLES;
  const typicalWidthSamples = widths.length ? quantile(widths, 0.5) : null;
  const smoothingSamples = Math.min(MAX_SMOOTHING_SAMPLES, oddAtLeastOne(widthSamples * SMOOTHING_FRACTION));
  const smoothed = smoothForDetection(values, smoothingSamples);
  const noiseWindowSamples = Math.max(16, Math.round(NOISE_WINDOW_WIDTHS * widthSamples));
  const raw = baselineNoise(values, noiseWindowSamples);
  const detection = baselineNoise(smoothed, noiseWindowSamples);
  const floor = 1e-12 * range;
  return {
    widthSamples,
    typicalWidthSamples,
    smoothingSamples,
    smoothed,
    bend: curvature(smoothed, smoothingSamples),
    noiseWindowSamples,
    smoothedPeakToPeak: Math.max(detection.peakToPeak, floor),
    driftPerSample: detection.driftPerSample,
    rawNoise: { sd: raw.sd, peakToPeak: raw.peakToPeak },
  };
}
