import { QUANTITATION_PROMINENCE_FACTOR } from './detectAutomatic.ts';
import type { SignalScale } from './detectionSettings.ts';
import { lineResidualSd, lineSlopeSize } from '../noise/lineResidualSd.ts';
import { median } from '../statistics/median.ts';
import { scaledGapNoise } from './scaledGapNoise.ts';
import { whiteNoiseGain } from './smoothForDetection.ts';

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
/** Fewest gap windows whose differences are pooled for the whiteness check (all when fewer). */
const MIN_GAP_WINDOWS = 3;
/**
 * Fewest pairs of successive differences in the windows that judge gap windows taken one by one as white.
 * The lag-1 autocorrelation of white noise's differences is −0.5 with variance 0.5 / N (Bartlett's formula
 * for a moving average of order 1, (1 − 3ρ² + 4ρ⁴) / N at ρ = −0.5); with N ≥ 50 it lies 2.5 standard
 * errors below the −0.25 bound (one-sided 0.6 %), and detector-filtered noise passes by chance in a few
 * short windows no more often than the windows judged together let it (docs/processing.md).
 */
const MIN_DIFFERENCE_PAIRS = 50;
/**
 * Fewest pairs of successive differences for the run's start or end to be read as baseline on its own, by
 * the −0.25 bound: white noise's lag-1 difference correlation (−0.5, variance 0.5 / N) then lies below it
 * with one-sided 95 % (N ≥ 0.5 · (1.645 / 0.25)² = 21.6). A very clean run whose tails outlast the gap
 * windows' spans (noise 10⁻⁵ of its largest peak: they read 5 × its start's noise, not the 10 × of
 * `standsApart`) has its start as its only baseline (`spikes_0` of the corpus: 22 pairs, read 61 × too high
 * over the tails); 11 pairs of filtered noise passed by chance (`gapNoise.test.ts`).
 */
const MIN_END_PAIRS = 22;
/** Standard errors of white noise's difference correlation that `MIN_DIFFERENCE_PAIRS` leaves below −0.25. */
const WHITE_STANDARD_ERRORS = 2.5;
/**
 * Least ratio of residual SDs between the windows that hold tails and the baseline windows for the two to be
 * read as different signals, not one noise: two windows of one stationary noise, each with as few as two
 * degrees of freedom (a short window of filtered noise), differ in variance by more than 10² with
 * probability 1/101 (the F(2, 2) tail, P(F > x) = 1/(1 + x)).
 */
export const APART_SD_RATIO = 10;
/** Gap windows in narrow-end peak widths: short enough to fit between the peaks of a crowded run. */
const GAP_WINDOW_WIDTHS = 2;
/** Fewest samples of a gap window (as the run noise's, `MIN_NOISE_WINDOW_SAMPLES`). */
const MIN_GAP_SAMPLES = 10;

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

/** The samples the spans cover, each widened by the detection kernel `m` (its smoothing reaches that far). */
function coveredBySpans(n: number, m: number, spans: readonly PeakSpan[]): Uint8Array {
  const covered = new Uint8Array(n);
  for (const span of spans) {
    for (let i = Math.max(0, span.from - m); i <= Math.min(n - 1, span.to + m); i++) covered[i] = 1;
  }
  return covered;
}

/** The gap windows of 2 W50 (at least 10 samples and 3 kernels) the covered samples leave. */
function gapWindowsOf(covered: Uint8Array, scale: SignalScale): PeakSpan[] {
  const shortest = Math.max(MIN_GAP_SAMPLES, 3 * scale.smoothingSamples);
  const length = Math.max(Math.round(GAP_WINDOW_WIDTHS * scale.widthSamples), shortest);
  return gapWindows(covered, length, shortest);
}

/** How many gap windows the peaks' spans leave a run of `n` samples, as the gap pass cuts them (`gapNoiseScale`). */
export function gapWindowCount(n: number, scale: SignalScale, spans: readonly PeakSpan[]): number {
  return gapWindowsOf(coveredBySpans(n, scale.smoothingSamples, spans), scale).length;
}

/** Fewest gap windows a noise is read in (the lower quartile or the median over them). */
export { MIN_GAP_WINDOWS };

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

/**
 * The largest lag-1 autocorrelation of `pairs` successive differences still read as white noise's: its
 * value −0.5 plus 2.5 standard errors (variance 0.5 / N, as for `MIN_DIFFERENCE_PAIRS`), so white noise
 * passes 99.4 % of the time at any count (22 pairs: −0.12).
 */
function whiteCorrelationBound(pairs: number): number {
  return pairs > 0 ? -0.5 + WHITE_STANDARD_ERRORS * Math.sqrt(0.5 / pairs) : -Infinity;
}

/**
 * The baseline windows that follow each other unbroken from the run's first sample, and those that do to its
 * last: the run's start and end, where ChemStation reads the noise (Agilent, _Understanding Your ChemStation_,
 * "Autointegrate"). A run whose correlated noise the gap windows' differences show reads it in all of them
 * scaled by its growth (`scaledGapNoise`), and on a crowded run the first pass, at a noise its quartile read
 * over peaks, missed most peaks, so most gap windows hold one: with 40 σ of filtered baseline before 30–60
 * peaks the quartile of them read 20 × the noise, and the first estimate (35–52 ×) stayed. Windows that pass
 * the kernel test by chance lie scattered among windows of the same noise that do not (`CLASSVP.CDF`: 3 of
 * 25, none next to another), never in an unbroken stretch from the run's end.
 */
function runEndStretches(
  windows: readonly MeasuredWindow[],
  baseline: readonly MeasuredWindow[],
  n: number,
): MeasuredWindow[] {
  const isBaseline = new Set(baseline);
  const stretch: MeasuredWindow[] = [];
  let next = 0;
  for (const window of windows) {
    if (window.from !== next || !isBaseline.has(window)) break;
    stretch.push(window);
    next = window.to + 1;
  }
  let last = n - 1;
  for (let k = windows.length - 1; k >= 0; k--) {
    const window = windows[k]!;
    if (window.to !== last || !isBaseline.has(window) || stretch.includes(window)) break;
    stretch.push(window);
    last = window.from - 1;
  }
  return stretch;
}

/** Pairs of successive differences the windows hold (as `differenceCorrelation` counts them). */
function differencePairs(windows: readonly PeakSpan[]): number {
  return windows.reduce((sum, { from, to }) => sum + (to - from >= 3 ? to - from - 1 : 0), 0);
}

/**
 * The detection noise measured again on the baseline between the peaks a first pass found, for a short run
 * (one shorter than 16 noise windows of 5 W50, whose windows were cut to a sixteenth of the run and whose
 * lower quartile then reads a peak's flank as noise: a crowded run of a few hundred points has no window
 * clear of a peak), or for a longer run whose lower quartile reads at least 10 × the baseline windows'
 * noise (`readsAFlank`: its baseline is only its ends, too few of its windows for a lower quartile). The pharmacopoeia measures h on baseline only (Ph. Eur. 2.2.46), and ChemStation's
 * autointegrate reads the noise at the start and end of the run (Agilent, _Understanding Your ChemStation_,
 * "Autointegrate"): the stretches outside the found peaks' spans (each widened by the detection kernel) are
 * cut into windows of 2 W50 (a shorter stretch is one window of its own, at least 10 samples and 3 kernels),
 * and a window is baseline only where its noise is white at the peaks' scale (`judgedWindows`: a tail
 * that outlasts its span is not). The lower quartile of the baseline windows' residual SD (the median under
 * 8 windows), times the range-to-SD ratio of the first estimate, is the new range. Applied only when the
 * baseline windows hold enough successive differences to judge them (`MIN_DIFFERENCE_PAIRS`), those
 * alternate as white noise's do, it is lower than the first estimate and the run does not dip below its
 * baseline (`dipsBelowBaseline`); otherwise the windows are judged together, as before. Peaks the first
 * pass missed stay in some windows and can only raise the estimate; the caller detects again with it
 * (`GAP_NOISE_PASSES`), each pass leaving cleaner gaps. A longer run whose quartile reads a flank but whose
 * gap windows' differences show correlated noise (a detector's filter: 2 W50 windows read it low) takes the
 * gap windows scaled to its noise window by the noise's own growth instead (`scaledGapNoise`), and so does
 * a short run whose correlated noise makes no gap window read as white baseline.
 */
export function gapNoiseScale(
  values: Float64Array,
  scale: SignalScale,
  spans: readonly PeakSpan[],
): SignalScale {
  const n = values.length;
  const m = scale.smoothingSamples;
  // A kernel of one sample (narrow-end W50 under 4.5 samples) leaves the white-window test nothing to tell
  // apart (every window reads a smoothed-to-raw ratio of 1): the windows are then judged by their
  // successive differences alone, as every window the ratio lets through is.
  if (!spans.length || !(scale.smoothedSd > 0) || !(scale.rawNoise.sd > 0)) return scale;
  // A run of 16 or more noise windows of 5 W50 keeps its lower quartile unless that reads a flank
  // (`readsAFlank`): a longer run whose baseline is only its ends has too few baseline windows for it.
  const longRun = scale.noiseWindowSamples >= Math.round(5 * scale.widthSamples);
  const covered = coveredBySpans(n, m, spans);
  const windows = measuredWindows(values, scale, gapWindowsOf(covered, scale));
  const judged = judgedWindows(windows, scale);
  // A short run none of whose gap windows reads as white baseline (a detector's filter leaves every one of
  // them the smoothed-to-raw ratio of a tail) still has baseline where its first estimate reads 2 × the
  // quiet gap windows scaled (`scaledGapNoise`): its windows of a sixteenth of the run all held peaks.
  if (!judged) {
    if (longRun) return fullLengthGapNoise(values, scale, covered) ?? scale;
    return scaledGapNoise(values, scale, windows, false) || scale;
  }
  const { baseline, quietest } = judged;
  // …and its successive differences alternate as white noise's do: over the quietest windows their lag-1
  // autocorrelation is at most −0.25 (white noise −0.5; noise whose own lag-1 autocorrelation ρ exceeds 0.5,
  // as a detector's filter leaves it, −(1 − ρ)/2 > −0.25). A line over a short window hides a filter's
  // wander from the SD ratio, not from the differences. Baseline windows that stand apart from every other
  // gap window (`standsApart`) hold too few differences for that bound; they are held to white noise's own
  // value instead, within the standard errors their pairs allow (`whiteCorrelationBound`).
  const bound = judged.apart ? whiteCorrelationBound(differencePairs(quietest)) : MAX_DIFFERENCE_CORRELATION;
  const white = differenceCorrelation(values, quietest) <= bound;
  if (longRun && !readsAFlank(scale, baseline, white)) return scale;
  // Differences that show correlated noise: the 2 W50 windows read it low, so they are scaled to the noise
  // window by the noise's own growth (`scaledGapNoise`), on a long run and a short one alike.
  // The run's start or end, where baseline windows follow each other unbroken from its first sample or to its
  // last, is read alone (`runEndStretches`): the other gap windows hold the peaks a first pass missed.
  if (!white) {
    const ends = runEndStretches(windows, baseline, n);
    const atEnds = ends.length >= MIN_GAP_WINDOWS ? scaledGapNoise(values, scale, ends, longRun) : null;
    return atEnds ?? (scaledGapNoise(values, scale, windows, longRun) || scale);
  }
  const smoothedSd = quiet(baseline.map((window) => window.smoothedSd));
  const smoothedPeakToPeak = smoothedSd * (scale.smoothedPeakToPeak / scale.smoothedSd);
  if (!(smoothedPeakToPeak < scale.smoothedPeakToPeak) || !(smoothedPeakToPeak > 0)) return scale;
  const rawSd = Math.min(scale.rawNoise.sd, quiet(baseline.map((window) => window.rawSd)));
  const rawPeakToPeak = Math.min(
    scale.rawNoise.peakToPeak,
    rawSd * (scale.rawNoise.peakToPeak / scale.rawNoise.sd),
  );
  return {
    ...scale,
    smoothedPeakToPeak,
    smoothedSd: smoothedPeakToPeak / (scale.smoothedPeakToPeak / scale.smoothedSd),
    rawNoise: { sd: rawSd, peakToPeak: rawPeakToPeak },
    driftPerSample: Math.min(scale.driftPerSample, gapDrift(scale.smoothed, baseline)),
    noiseFromGaps: true,
  };
}

/**
 * The scale with the noise read in gap windows: the raw and detection SDs given, the ranges by the first
 * estimate's range-to-SD ratios, the drift from the same windows (`gapDrift`, never above the first reading).
 */
export function scaleFromGaps(
  scale: SignalScale,
  rawSd: number,
  smoothedSd: number,
  windows: readonly PeakSpan[],
): SignalScale {
  return {
    ...scale,
    smoothedPeakToPeak: smoothedSd * (scale.smoothedPeakToPeak / scale.smoothedSd),
    smoothedSd,
    rawNoise: { sd: rawSd, peakToPeak: rawSd * (scale.rawNoise.peakToPeak / scale.rawNoise.sd) },
    driftPerSample: Math.min(scale.driftPerSample, gapDrift(scale.smoothed, windows)),
    noiseFromGaps: true,
  };
}

/**
 * The drift of the detection signal per sample read in the baseline windows (their lines' lower-quartile
 * absolute slope, as `baselineNoise` reads it over the run's windows).
 */
export function gapDrift(smoothed: Float64Array, windows: readonly PeakSpan[]): number {
  return quiet(windows.map(({ from, to }) => lineSlopeSize(smoothed, from, to)));
}

/**
 * Least ratio of the first estimate's SD to the full-length gap windows' for a long run whose gap windows
 * none read as white: the two are the same statistic (residual SD over windows of the noise window's
 * length), so 4 × in SD is 16 × in variance, which two such windows of one noise differ by with probability
 * 7 · 10⁻⁵ when each holds 10 degrees of freedom (F(10, 10)): a 5 W50 window of noise filtered with a time
 * constant up to W50 / 4 holds that many (the detector's rule is a twentieth of the peak width: instrument
 * physics §9).
 */
const FULL_LENGTH_APART_SD_RATIO = 4;

/**
 * The noise of a long run none of whose gap windows reads as white (a detector's filtered noise, which the
 * kernel test cannot tell from a tail in 2 W50 windows), read in the gap stretches cut into windows of the
 * noise window's own length (no growth to scale by): their lower quartile, raw and detection signal alike,
 * the ranges by the first estimate's range-to-SD ratios, the drift from the same windows. Taken when the
 * first estimate reads `FULL_LENGTH_APART_SD_RATIO` times it (its quartile held peaks: the `HP-CH.CDF` crop
 * read 16 × its noise and lost five peaks) and the gaps hold at least three such windows; null otherwise.
 */
function fullLengthGapNoise(
  values: Float64Array,
  scale: SignalScale,
  covered: Uint8Array,
): SignalScale | null {
  const target = scale.noiseWindowSamples;
  const windows = measuredWindows(values, scale, gapWindows(covered, target, target));
  if (windows.length < MIN_GAP_WINDOWS) return null;
  const rawSd = lowerQuartile(windows.map((window) => window.rawSd));
  if (!(rawSd > 0) || !(scale.rawNoise.sd >= FULL_LENGTH_APART_SD_RATIO * rawSd)) return null;
  const smoothedSd = Math.min(scale.smoothedSd, lowerQuartile(windows.map((window) => window.smoothedSd)));
  if (!(smoothedSd > 0)) return null;
  return scaleFromGaps(scale, rawSd, smoothedSd, windows);
}

/** The lower quartile of the values (the sample at ⌊(n − 1)/4⌋, as `baselineNoise` reads it). */
function lowerQuartile(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(0.25 * (sorted.length - 1))]!;
}

/** A gap window with the residual SD of the raw and of the detection signal about their lines. */
interface MeasuredWindow extends PeakSpan {
  rawSd: number;
  smoothedSd: number;
}

function measuredWindows(
  values: Float64Array,
  scale: SignalScale,
  windows: readonly PeakSpan[],
): MeasuredWindow[] {
  return windows.map(({ from, to }) => ({
    from,
    to,
    rawSd: lineResidualSd(values, from, to),
    smoothedSd: lineResidualSd(scale.smoothed, from, to),
  }));
}

/**
 * The gap windows the noise is read in, or null when none is baseline. A window is baseline where its noise
 * is white at the peaks' scale: the detection kernel (two m-sample means) then lowers its SD by
 * √((2m² + 1) / 3m³), and the window is taken when its smoothed-to-raw ratio lies nearer that than 1. A
 * peak's tail left in a window (it outlasts the span's ±3.4 half-widths by far when the noise is 10⁻⁴ of
 * the height) passes the kernel unchanged, ratio 1, and so does detector-filtered noise, which wanders over
 * more than 2 W50 (a crop of CLASSVP.CDF read a tenth of its 5 W50 range in short windows). Each window is
 * judged on its own: judged together, the tails among a crowded run's 5–7 windows made the median and
 * refused the baseline at the run's ends. Baseline windows whose differences are too few to judge their
 * whiteness (`MIN_DIFFERENCE_PAIRS`) are still read where they stand apart from every other gap window
 * (`standsApart`, marked `apart`), and so are those at the run's own start or end when they hold
 * `MIN_END_PAIRS` differences (ChemStation reads the noise there), judged by the −0.25 bound as a long
 * stretch is. On a run that dips below that baseline (`dipsBelowBaseline`), or whose baseline windows are
 * too few, do not stand apart and are not the run's ends, the windows are judged together: the quiet
 * quartile's ratio, as before.
 */
function judgedWindows(
  windows: readonly MeasuredWindow[],
  scale: SignalScale,
): { baseline: MeasuredWindow[]; quietest: MeasuredWindow[]; apart?: true } | null {
  const m = scale.smoothingSamples;
  const white = whiteNoiseGain(m);
  const baseline = windows.filter(
    (window) => window.rawSd > 0 && window.smoothedSd / window.rawSd <= (white + 1) / 2,
  );
  if (baseline.length && !dipsBelowBaseline(scale, baseline)) {
    const quietest = quietestWindows(baseline, MIN_DIFFERENCE_PAIRS);
    if (quietest) return { baseline, quietest };
    if (standsApart(windows, baseline)) return { baseline, quietest: baseline, apart: true };
    const ends = baseline.filter((window) => window.from === 0 || window.to === scale.smoothed.length - 1);
    if (differencePairs(ends) >= MIN_END_PAIRS) return { baseline: ends, quietest: ends };
  }
  if (windows.length < MIN_GAP_WINDOWS) return null;
  const together =
    quiet(windows.map((window) => window.smoothedSd)) / quiet(windows.map((window) => window.rawSd));
  if (!(together <= (white + 1) / 2)) return null;
  return { baseline: [...windows], quietest: quietestWindows(windows, 0)! };
}

/**
 * Whether the baseline windows are the run's only noise: every gap window that reads more than the noisiest
 * of them reads at least `APART_SD_RATIO` times as much, so it holds a signal (a tail), not the same noise
 * wandering. A run whose only baseline is a stretch of 10–35 samples at its start (and end) holds fewer
 * differences than whiteness needs (`short_crowded_22`: 22 pairs; its tail windows read 40–2,000 × the
 * baseline's SD), while filtered noise that passes the white-window test in one short window by chance
 * leaves its wander in the other gap windows at 2–4 × that window's SD (`gapNoise.test.ts`). Pharmacopoeial
 * h is the range of the baseline (Ph. Eur. 2.2.46), and ChemStation reads the noise at the run's start and
 * end (Agilent, _Understanding Your ChemStation_, "Autointegrate").
 */
function standsApart(windows: readonly MeasuredWindow[], baseline: readonly MeasuredWindow[]): boolean {
  const level = Math.max(...baseline.map((window) => window.rawSd));
  const above = windows.filter((window) => window.rawSd > level);
  return above.length > 0 && above.every((window) => window.rawSd >= APART_SD_RATIO * level);
}

/**
 * Whether the first estimate of a run long enough for its lower quartile reads a flank, not the baseline:
 * its raw SD is at least `APART_SD_RATIO` times that of the noisiest baseline window, so the two are
 * different signals (the F(2, 2) bound of `standsApart`), not one noise read over windows of two lengths.
 * Where the baseline windows' noise is white (their differences alternate as white noise's), each window
 * holds a degree of freedom a sample and the bound is F's at those degrees (`whiteApartSdRatio`): the two
 * degrees of the F(2, 2) bound are a filtered noise's, whose samples move together.
 */
function readsAFlank(scale: SignalScale, baseline: readonly MeasuredWindow[], white: boolean): boolean {
  const level = Math.max(...baseline.map((window) => window.rawSd));
  const shortest = Math.min(...baseline.map((window) => window.to - window.from + 1));
  const ratio = white ? whiteApartSdRatio(scale.noiseWindowSamples - 2, shortest - 2) : APART_SD_RATIO;
  return level > 0 && scale.rawNoise.sd >= ratio * level;
}

/** The standard normal's upper 1 % point: the same 1/101 chance the F(2, 2) bound `APART_SD_RATIO` takes. */
const APART_Z = 2.326;

/**
 * The SD ratio two windows of one white noise exceed with probability about 1/101, with d1 and d2 degrees of
 * freedom: ln F(d1, d2) is near normal with variance 2/d1 + 2/d2 (each ln(χ²_d / d) has variance ≈ 2/d), so
 * the SD ratio's bound is exp(z · √(2/d1 + 2/d2) / 2). Windows of white noise have one degree of freedom a
 * sample (less the line's two): 1.37 for a 5 W50 window of 101 samples against a baseline window of 40.
 */
function whiteApartSdRatio(d1: number, d2: number): number {
  if (!(d1 > 2) || !(d2 > 2)) return APART_SD_RATIO;
  return Math.min(APART_SD_RATIO, Math.exp((APART_Z * Math.sqrt(2 / d1 + 2 / d2)) / 2));
}

/**
 * The quietest quarter of the windows (at least three), and more until they hold `pairs` pairs of
 * successive differences; null when all of them hold fewer.
 */
function quietestWindows(windows: readonly MeasuredWindow[], pairs: number): MeasuredWindow[] | null {
  const sorted = [...windows].sort((a, b) => a.rawSd - b.rawSd);
  let count = 0;
  let held = 0;
  for (const window of sorted) {
    if (count >= Math.max(MIN_GAP_WINDOWS, Math.ceil(windows.length / 4)) && held >= pairs) break;
    held += Math.max(0, window.to - window.from - 1);
    count++;
  }
  return held >= pairs ? sorted.slice(0, count) : null;
}

/**
 * Whether the detection signal falls below the baseline by more than the detection threshold (5 × its noise
 * range measured in the baseline windows) between two baseline windows: a dip. The baseline there is the
 * lower of the two windows' levels (a drift or a step rises between them, a dip falls below both; a short
 * run's baseline windows are mostly its start and end, so every dip between its peaks is checked).
 * Negative peaks are off by default, and at a noise measured on baseline a dip's edges stand out of its
 * bottom as positive peaks (a dip of 6.5 between peaks 67 and 97 high gave a peak 6.3 high at its rising
 * edge, S/N 190): such a run keeps the windows judged together, as before, until dips get a baseline of
 * their own (docs/processing.md, "Detection noise on short runs").
 */
function dipsBelowBaseline(scale: SignalScale, baseline: readonly MeasuredWindow[]): boolean {
  const { smoothed } = scale;
  const ratio = scale.smoothedPeakToPeak / scale.smoothedSd;
  const threshold =
    QUANTITATION_PROMINENCE_FACTOR * ratio * quiet(baseline.map((window) => window.smoothedSd));
  const levels = baseline.map((window) => {
    let sum = 0;
    for (let i = window.from; i <= window.to; i++) sum += smoothed[i]!;
    return sum / (window.to - window.from + 1);
  });
  for (let k = 1; k < baseline.length; k++) {
    const level = Math.min(levels[k - 1]!, levels[k]!) - threshold;
    for (let i = baseline[k - 1]!.to + 1; i < baseline[k]!.from; i++) if (smoothed[i]! < level) return true;
  }
  return false;
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
export function secondDifferenceScale(
  values: Float64Array,
  scale: SignalScale,
  /** The first pass found no peak at all: a long run is seeded too (it would be emptied otherwise). */
  emptied = false,
): SignalScale | null {
  const n = values.length;
  const m = scale.smoothingSamples;
  if (n < 10 || m < 3 || !(scale.smoothedSd > 0)) return null;
  if (!emptied && scale.noiseWindowSamples >= Math.round(5 * scale.widthSamples)) return null;
  const second = new Float64Array(n - 2);
  for (let i = 1; i < n - 1; i++) second[i - 1] = values[i + 1]! - 2 * values[i]! + values[i - 1]!;
  const centre = median(second);
  const deviations = second.map((d) => Math.abs(d - centre));
  const sd = (1.4826 * median(deviations)) / Math.sqrt(6);
  const smoothedSd = sd * whiteNoiseGain(m);
  const smoothedPeakToPeak = smoothedSd * (scale.smoothedPeakToPeak / scale.smoothedSd);
  if (!(smoothedPeakToPeak > 0 && smoothedPeakToPeak < scale.smoothedPeakToPeak)) return null;
  return { ...scale, smoothedPeakToPeak, smoothedSd };
}
