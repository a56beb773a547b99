import type { SignalScale } from './detectionSettings.ts';

/** A sample range [from, to] that a peak found by a first detection pass covers. */
export interface PeakSpan {
  from: number;
  to: number;
}

/**
 * A peak's extent in half-prominence half-widths from its apex: a Gaussian's ±4σ is 3.4 of its half-widths
 * at half height (4 / 1.177); a tailing side is wider at half height and so reaches further.
 */
export const SPAN_HALF_WIDTHS = 3.4;
/** Detection passes with the noise measured again in the gaps (each finds more peaks, leaving cleaner gaps). */
export const GAP_NOISE_PASSES = 3;
/** Largest lag-1 autocorrelation of the gaps' differences read as white noise (white: −0.5). */
const MAX_DIFFERENCE_CORRELATION = -0.25;
/** Fewest gap windows whose noise is trusted over the first estimate. */
const MIN_GAP_WINDOWS = 3;
/** Gap windows in narrow-end peak widths: short enough to fit between the peaks of a crowded run. */
const GAP_WINDOW_WIDTHS = 2;
/** Fewest samples of a gap window (as the run noise's, `MIN_NOISE_WINDOW_SAMPLES`). */
const MIN_GAP_SAMPLES = 10;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The lower quartile with eight or more windows (peaks the first pass missed stay in some), else the median. */
function quiet(values: number[]): number {
  if (values.length < 8) return median(values);
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(0.25 * (sorted.length - 1))]!;
}

/** The stretches no span covers, cut into windows of `length` (a shorter stretch is one window). */
function gapWindows(covered: Uint8Array, length: number, shortest: number): PeakSpan[] {
  const n = covered.length;
  const windows: PeakSpan[] = [];
  let i = 0;
  while (i < n) {
    if (covered[i]) {
      i++;
      continue;
    }
    let end = i;
    while (end + 1 < n && !covered[end + 1]) end++;
    const stretch = end - i + 1;
    const count = Math.max(1, Math.floor(stretch / length));
    const each = count === 1 ? stretch : length;
    for (let k = 0; k < count; k++) {
      const from = i + k * each;
      const to = Math.min(end, from + each - 1);
      if (to - from + 1 >= shortest) windows.push({ from, to });
    }
    i = end + 1;
  }
  return windows;
}

/**
 * Lag-1 autocorrelation of the successive differences of `values` in the windows (each window's differences
 * about their own mean), pooled.
 */
function differenceCorrelation(values: Float64Array, windows: readonly PeakSpan[]): number {
  let products = 0;
  let squares = 0;
  for (const { from, to } of windows) {
    const count = to - from;
    if (count < 3) continue;
    const mean = (values[to]! - values[from]!) / count;
    for (let i = from; i < to; i++) {
      const d = values[i + 1]! - values[i]! - mean;
      squares += d * d;
      if (i > from) products += d * (values[i]! - values[i - 1]! - mean);
    }
  }
  return squares > 0 ? products / squares : 0;
}

/** Residual SD of `values[from..to]` about its least-squares line. */
function residualSd(values: Float64Array, from: number, to: number): number {
  const n = to - from + 1;
  const meanX = (n - 1) / 2;
  let sum = 0;
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < n; i++) {
    sum += values[from + i]!;
    sxy += (i - meanX) * values[from + i]!;
    sxx += (i - meanX) ** 2;
  }
  const mean = sum / n;
  const slope = sxx > 0 ? sxy / sxx : 0;
  let squares = 0;
  for (let i = 0; i < n; i++) squares += (values[from + i]! - mean - slope * (i - meanX)) ** 2;
  return Math.sqrt(squares / Math.max(1, n - 2));
}

/**
 * The detection noise measured again between the peaks a first pass found, for a short run: one shorter
 * than 16 noise windows of 5 W50, whose windows were cut to a sixteenth of the run and whose lower quartile
 * then reads a peak's flank as noise (a crowded run of a few hundred points has no window clear of a peak).
 * The gaps between the found peaks' spans (each widened by the detection kernel) are the baseline, as the
 * pharmacopoeia measures h on baseline only (Ph. Eur. 2.2.46): they are cut into windows of 2 W50 (a shorter
 * gap is one window of its own, at least 10 samples and 3 kernels), and the lower quartile of their residual
 * SD (the median under 8 windows), times the range-to-SD ratio of the first estimate, is the new range.
 * Applied only when at least three windows measure it, the noise there is white at the peaks' scale (below)
 * and it is lower than the first estimate. Peaks the first pass missed stay in some gaps and can only raise
 * the estimate; the caller detects again with it (`GAP_NOISE_PASSES`), each pass leaving cleaner gaps.
 */
export function gapNoiseScale(
  values: Float64Array,
  scale: SignalScale,
  spans: readonly PeakSpan[],
): SignalScale {
  const n = values.length;
  if (!spans.length || !(scale.smoothedSd > 0) || !(scale.rawNoise.sd > 0)) return scale;
  const covered = new Uint8Array(n);
  const pad = scale.smoothingSamples;
  for (const span of spans) {
    for (let i = Math.max(0, span.from - pad); i <= Math.min(n - 1, span.to + pad); i++) covered[i] = 1;
  }
  // Only a run shorter than 16 noise windows of 5 W50 (their length was cut to a sixteenth of the run):
  // a longer run's lower quartile has baseline windows to read.
  if (scale.noiseWindowSamples >= Math.round(5 * scale.widthSamples)) return scale;
  const shortest = Math.max(MIN_GAP_SAMPLES, 3 * scale.smoothingSamples);
  const length = Math.max(Math.round(GAP_WINDOW_WIDTHS * scale.widthSamples), shortest);
  const windows = gapWindows(covered, length, shortest);
  const smoothedSds = windows.map(({ from, to }) => residualSd(scale.smoothed, from, to));
  const rawSds = windows.map(({ from, to }) => residualSd(values, from, to));
  if (smoothedSds.length < MIN_GAP_WINDOWS) return scale;
  // Short windows read the noise only where it is white at the peaks' scale: the detection kernel then
  // lowers its SD by √((2m² + 1) / 3m³) (two passes of an m-sample mean). Detector-filtered noise, which
  // the kernel hardly lowers, wanders over more than 2 W50 (a line over a short window takes that wander
  // away: a crop of CLASSVP.CDF read a tenth of its 5 W50 range), so it keeps the 5 W50 estimate. Taken as
  // white when the quiet gaps' ratio lies nearer the white-noise ratio than 1.
  const m = scale.smoothingSamples;
  if (m < 3) return scale;
  const white = Math.sqrt((2 * m * m + 1) / (3 * m * m * m));
  const ratio = quiet(smoothedSds) / quiet(rawSds);
  if (!(ratio <= (white + 1) / 2)) return scale;
  // …and its successive differences alternate as white noise's do: over the quietest quarter of the gap
  // windows their lag-1 autocorrelation is at most −0.25 (white noise −0.5; noise whose own lag-1
  // autocorrelation ρ exceeds 0.5, as a detector's filter leaves it, −(1 − ρ)/2 > −0.25; a peak's flank
  // left in a gap, positive). A line over a short window hides a filter's wander from the SD ratio above,
  // not from the differences.
  const order = rawSds.map((_, k) => k).sort((a, b) => rawSds[a]! - rawSds[b]!);
  const quietest = order.slice(0, Math.max(MIN_GAP_WINDOWS, Math.ceil(order.length / 4)));
  if (
    !(
      differenceCorrelation(
        values,
        quietest.map((k) => windows[k]!),
      ) <= MAX_DIFFERENCE_CORRELATION
    )
  )
    return scale;
  const smoothedPeakToPeak = quiet(smoothedSds) * (scale.smoothedPeakToPeak / scale.smoothedSd);
  if (!(smoothedPeakToPeak < scale.smoothedPeakToPeak) || !(smoothedPeakToPeak > 0)) return scale;
  const rawSd = Math.min(scale.rawNoise.sd, quiet(rawSds));
  const rawPeakToPeak = Math.min(
    scale.rawNoise.peakToPeak,
    rawSd * (scale.rawNoise.peakToPeak / scale.rawNoise.sd),
  );
  return {
    ...scale,
    smoothedPeakToPeak,
    smoothedSd: smoothedPeakToPeak / (scale.smoothedPeakToPeak / scale.smoothedSd),
    rawNoise: { sd: rawSd, peakToPeak: rawPeakToPeak },
    noiseFromGaps: true,
  };
}

/**
 * A first guess of the detection noise from the samples' second differences, for a short run whose gaps
 * still hold peaks the first pass missed (it finds too few peaks for its gaps to be baseline): the
 * second differences of white noise have SD √6 σ, and a peak bends from one sample to the next less than
 * it rises, so their median absolute deviation reads σ through the peaks (a narrow tall peak still raises
 * it: the guess errs high, towards the first estimate). The guess only seeds a more
 * sensitive detection pass whose peaks give the gaps; the noise itself is then measured in those gaps by
 * `gapNoiseScale`, with its whiteness checks (on a detector-filtered trace the guess is far too low, the
 * gaps fail the checks, and the first estimate stays). Null when it is not lower than the first estimate.
 */
export function secondDifferenceScale(values: Float64Array, scale: SignalScale): SignalScale | null {
  const n = values.length;
  const m = scale.smoothingSamples;
  if (n < 10 || m < 3 || !(scale.smoothedSd > 0)) return null;
  if (scale.noiseWindowSamples >= Math.round(5 * scale.widthSamples)) return null;
  const second = new Float64Array(n - 2);
  for (let i = 1; i < n - 1; i++) second[i - 1] = values[i + 1]! - 2 * values[i]! + values[i - 1]!;
  const centre = medianOf(second);
  const deviations = second.map((d) => Math.abs(d - centre));
  const sd = (1.4826 * medianOf(deviations)) / Math.sqrt(6);
  const smoothedSd = sd * Math.sqrt((2 * m * m + 1) / (3 * m * m * m));
  const smoothedPeakToPeak = smoothedSd * (scale.smoothedPeakToPeak / scale.smoothedSd);
  if (!(smoothedPeakToPeak > 0 && smoothedPeakToPeak < scale.smoothedPeakToPeak)) return null;
  return { ...scale, smoothedPeakToPeak, smoothedSd };
}

function medianOf(values: Float64Array): number {
  const sorted = Float64Array.from(values).sort();
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
