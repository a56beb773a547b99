import { emgCurve, type EmgParameters } from '../models/emg.ts';
import { levenbergMarquardt } from '../models/levenbergMarquardt.ts';

/** A unit Gaussian's half width at half height in σ: √(2 ln 2). */
const HALF_WIDTH_SIGMAS = Math.sqrt(2 * Math.LN2);

/** A fitted EMG and the share of the fitted samples' variance it explains. */
export type EmgFit = EmgParameters & { r2: number };

/**
 * Most samples a fit reads (every k-th beyond): the fit's cost grows with them, its precision barely (a
 * peak 6 samples wide at half height keeps them all up to a window of 20 widths).
 */
const MAX_FIT_SAMPLES = 120;

/**
 * The parent peak as an exponentially modified Gaussian (the chromatographic peak model: a Gaussian band
 * convolved with the column's and detector's exponential decay), fitted by least squares (Levenberg–Marquardt)
 * to the signal above the line from its front (twice as far before the apex as the front's half-height
 * crossing) to the end of the tail window `to`, and over `after` when given. Null when the front holds
 * fewer than two samples before half height or the fit leaves no area. `r2` is the share of the fitted
 * samples' variance it explains.
 *
 * Why the whole peak and not the tail alone: an EMG's log falls by −(t − μ)/τ + ln Φ((t − μ)/σ − σ/τ), and
 * within a few σ of the apex the Φ term still rises, so the tail's local decay is slower than 1/τ there; an
 * exponential fitted to that stretch and carried on under a rider stays high and takes part of the rider
 * (the corpus's riders −2…−25 %). The front fixes σ and the centre, and with them how much of that bend is
 * the Gaussian's.
 */
export function fitEmgPeak(
  timeSec: Float64Array,
  above: (i: number) => number,
  apex: number,
  to: number,
  /** Samples past a rider fitted too (the parent's tail beyond it). @default none */
  after?: { from: number; to: number },
): EmgFit | null {
  const height = above(apex);
  if (!(height > 0) || to <= apex + 3) return null;
  let front = apex;
  while (front > 0 && above(front - 1) > height / 2) front--;
  if (apex - front < 2) return null;
  const from = Math.max(0, front - (apex - front));
  // A smooth curve over hundreds of samples is fixed by every few of them: at most MAX_FIT_SAMPLES are fitted.
  const count = to - from + 1 + (after ? after.to - after.from + 1 : 0);
  const stride = Math.max(1, Math.ceil(count / MAX_FIT_SAMPLES));
  const indices: number[] = [];
  for (let i = from; i <= to; i += stride) indices.push(i);
  if (after) for (let i = after.from; i <= after.to; i += stride) indices.push(i);
  const sigma = (timeSec[apex]! - timeSec[front]!) / HALF_WIDTH_SIGMAS;
  // Fitted in the peak's own units, time from its apex in half-width σ and area over σ, so the fit (its
  // steps, bounds and stopping rule) is the same whatever the run's time unit and start: in seconds against
  // minutes it stopped elsewhere, and a skim's start moved by a sample (docs/processing.md).
  const origin = timeSec[apex]!;
  const times = Float64Array.from(indices, (i) => (timeSec[i]! - origin) / sigma);
  const observed = Float64Array.from(indices, (i) => above(i));
  let sum = 0;
  for (let i = from + 1; i <= to; i++) sum += (above(i) * (timeSec[i]! - timeSec[i - 1]!)) / sigma;
  const toParameters = (p: readonly number[]): EmgParameters => ({
    area: p[0]!,
    centreSec: p[1]!,
    sigmaSec: Math.exp(p[2]!),
    tauSec: Math.exp(p[3]!),
  });
  const model = (p: readonly number[]) => emgCurve(times, toParameters(p));
  const span = times[times.length - 1]! - times[0]!;
  const fit = levenbergMarquardt(model, observed, [sum, 0, 0, 0], {
    lower: [0, times[0]!, Math.log(1 / 4), Math.log(1 / 100)],
    upper: [10 * sum, 0, Math.log(4), Math.log(span)],
    maxIterations: 50,
  });
  const unit = toParameters(fit.parameters);
  const parameters: EmgParameters = {
    area: unit.area * sigma,
    centreSec: origin + unit.centreSec * sigma,
    sigmaSec: unit.sigmaSec * sigma,
    tauSec: unit.tauSec * sigma,
  };
  let mean = 0;
  for (const value of observed) mean += value / observed.length;
  let total = 0;
  for (const value of observed) total += (value - mean) ** 2;
  const r2 = 1 - fit.squaredError / total;
  return parameters.area > 0 && Number.isFinite(parameters.tauSec) ? { ...parameters, r2 } : null;
}

/**
 * How far past its Gaussian part an EMG's tail is its exponential: Φ((t − μ)/σ − σ/τ) ≥ 0.99 from
 * (t − μ)/σ − σ/τ ≥ 2.33 on, so the exponential stands within 1 % of the EMG.
 */
const ASYMPTOTE_Z = 2.33;

/** Whether the EMG at `tSec` is its tail's exponential (within 1 %): past its Gaussian part. */
export function onExponentialTail(parameters: EmgParameters, tSec: number): boolean {
  const { centreSec, sigmaSec, tauSec } = parameters;
  return (tSec - centreSec) / sigmaSec - sigmaSec / tauSec >= ASYMPTOTE_Z;
}

/**
 * The exponential an EMG's tail ends in, (area/τ) · exp(σ²/2τ² − (t − μ)/τ), as a skim's tail at `originSec`:
 * the EMG itself once Φ((t − μ)/σ − σ/τ) is 1 (within 0.6 % from 2.5 σ past its centre plus σ²/τ).
 */
export function emgAsymptote(
  parameters: EmgParameters,
  originSec: number,
): { amplitude: number; originSec: number; tauSec: number } {
  const { area, centreSec, sigmaSec, tauSec } = parameters;
  const exponent = (sigmaSec * sigmaSec) / (2 * tauSec * tauSec) - (originSec - centreSec) / tauSec;
  return { amplitude: (area / tauSec) * Math.exp(exponent), originSec, tauSec };
}
