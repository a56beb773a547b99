import { baselineAt, type BaselineLine } from '../integration/integrateArea.ts';
import { firstIndexAtOrAfter } from '../integration/sampleCells.ts';
import { emgAsymptote, fitEmgPeak, onExponentialTail, type EmgFit } from './emgTail.ts';
import type { LimitsInput } from './integrationLimits.ts';

type Tail = NonNullable<BaselineLine['tail']>;

/** A fit of the tail explains at least this share of its (log) variance (the skims' acceptance rule). */
export const TAIL_FIT_MIN_R2 = 0.98;
/** Refits of the tail after moving the window's end past the rider's front (it settles in one or two). */
const FRONT_PASSES = 4;
/** A tail fit needs this many samples: a three-term fit with three degrees of freedom left. */
const MIN_FIT_SAMPLES = 6;
/**
 * The later start of the fit window is taken only when it leaves this many samples before the valley: two
 * thirds to fit a curve on (at least the 6 a three-term fit needs with 3 degrees of freedom left) and a
 * third to test its extrapolation on.
 */
const MIN_LATE_WINDOW = 12;

/** Where a tail skim stands: its curve, where the rider leaves it and where it comes back to it. */
export interface TailSkim {
  tail: Tail;
  /** First sample of the rider above the skim (its front), before or at the valley. */
  startIndex: number;
  /** Last sample of the rider above the skim (where its own tail meets the skim again). */
  endIndex: number;
  /**
   * Whether the last fit's window, once moved off the rider's front, still held the samples a fit needs
   * (`MIN_FIT_SAMPLES`): when it did not, the curve was fitted with the rider's front in it.
   */
  clearOfFront: boolean;
}

/**
 * The parent's tail under a rider, the way ChemStation's "new exponential" skim and Empower's exponential
 * skim draw it: a curve fitted to the parent's tail before the rider and carried on under it.
 * - The window starts past the parent's Gaussian part: twice as far from the apex as the tail's inflection
 *   (2σ on a Gaussian flank), where an exponentially modified Gaussian's tail has nearly become its
 *   exponential (the inflection itself when that leaves too short a window).
 * - It ends where the rider's own front begins, found from the fit itself (3σ before the rider's apex, σ
 *   from the half width of its front above the curve, less the detection kernel's reach); the curve is
 *   fitted again until that end stays put (fitting into the rider's front lifts the curve under it).
 * - Where the parent is an exponentially modified Gaussian (its fit from the front to the window's end
 *   explains R² 0.98 of the signal, and the window ends where Φ of its tail is 0.99, so its tail is its
 *   exponential), the skim is that exponential, fitted again with the parent's tail past the rider
 *   (`fitEmgPeak`, `emgAcrossRider`): an exponential fitted to the tail alone decays too slowly there.
 * - Else three curves compete (`bestTail`): an exponential, a Gaussian flank, and the exponential that carries on
 *   the tail's slope at the window's end; the one that best predicts the window's last third from its
 *   first two thirds is taken, since a skim is an extrapolation.
 * The rider runs from where the signal leaves the curve (by more than the noise tolerance) to where it
 * comes back to it. Null when there is no clean tail (under 6 samples past the apex for the EMG, past the
 * inflection for the other curves, no fit of R² 0.98 that falls).
 */
export function tailSkim(
  input: LimitsInput,
  line: BaselineLine,
  parentApex: number,
  valleyIndex: number,
  riderApex: number,
  tolerance: number,
  /** Only a skim fitted clear of the rider's front will do: null, and no more fitting, when it is not. */
  clearOnly = false,
): TailSkim | null {
  const { timeSec, smoothed, bend } = input;
  const above = (i: number) => smoothed[i]! - baselineAt(line, timeSec[i]!);
  const aboveRaw = (i: number) => input.values[i]! - baselineAt(line, timeSec[i]!);
  let from = parentApex + 1;
  while (from < valleyIndex && !(bend[from]! > 0)) from++;
  const later = from + (from - parentApex);
  if (later < valleyIndex - MIN_LATE_WINDOW) from = later;
  const kernel = Math.max(1, input.smoothingSamples ?? 1);
  let to = valleyIndex - kernel;
  let skim: Tail | null = null;
  const origin = timeSec[valleyIndex]!;
  // Tried again on each pass only while it stands (a parent that is no EMG is not refitted).
  let emg = true;
  // The EMG fit reads the parent from its front up to the window's end: it needs six samples past the apex,
  // not past the inflection (a window the detection kernel's reach cut to two samples there left a shoulder
  // near a strongly tailing host unskimmed); the straight-tail fits (`bestTail`) need six past it.
  const fits = () => to - from + 1 >= MIN_FIT_SAMPLES || (emg && to - parentApex >= MIN_FIT_SAMPLES);
  for (let pass = 0; pass < FRONT_PASSES && fits(); pass++) {
    const peak: EmgFit | null = emg ? fitEmgPeak(timeSec, aboveRaw, parentApex, to) : null;
    emg = !!peak && peak.r2 >= TAIL_FIT_MIN_R2 && onExponentialTail(peak, timeSec[to]!);
    const fitted = emg
      ? emgAsymptote(peak!, origin)
      : to - from + 1 >= MIN_FIT_SAMPLES
        ? bestTail(timeSec, above, from, to, origin)
        : null;
    if (!fitted) break;
    skim = fitted;
    const front = frontStart({ ...line, tail: fitted }, input, riderApex, from);
    const next = Math.min(valleyIndex, front) - kernel;
    if (next === to) break;
    to = next;
  }
  const clearOfFront = to - from + 1 >= MIN_FIT_SAMPLES;
  if (!skim || (clearOnly && !clearOfFront)) return null;
  if (emg) skim = emgAcrossRider(input, line, parentApex, riderApex, to, skim, tolerance);
  const curve = { ...line, tail: skim };
  let start = riderApex;
  while (start > to + 1 && smoothed[start - 1]! - baselineAt(curve, timeSec[start - 1]!) > tolerance) start--;
  // The rider's own tail ends where it meets the skim again, at most twice as far from its apex as a
  // Gaussian's 3σ (from the half width of its back): a skim a little low would otherwise hand the rider the
  // parent's whole remaining tail.
  const last = backLimit(curve, input, riderApex);
  let end = riderApex;
  while (end < last && smoothed[end + 1]! - baselineAt(curve, timeSec[end + 1]!) > tolerance) end++;
  return {
    tail: skim,
    startIndex: Math.min(start, valleyIndex),
    endIndex: end,
    clearOfFront,
  };
}

/**
 * The parent's EMG fitted again with the tail past the rider too (from where the rider's back meets the
 * skim, for as long again, while the signal keeps falling): a skim that both sides of the rider hold is an
 * interpolation, and a cluster line ending on the parent's tail (it rises under the rider) no longer tilts
 * it. The earlier skim when that fit does not stand.
 */
function emgAcrossRider(
  input: LimitsInput,
  line: BaselineLine,
  parentApex: number,
  riderApex: number,
  to: number,
  skim: Tail,
  tolerance: number,
): Tail {
  const { timeSec, smoothed } = input;
  const curve = { ...line, tail: skim };
  const limit = backLimit(curve, input, riderApex);
  let last = riderApex;
  while (last < limit && smoothed[last + 1]! - baselineAt(curve, timeSec[last + 1]!) > tolerance) last++;
  const end = Math.min(
    timeSec.length - 1,
    last + (last - riderApex),
    firstIndexAtOrAfter(timeSec, line.endSec),
  );
  let after = last + 1;
  let lowest = Infinity;
  while (after <= end && smoothed[after]! <= lowest + 2 * tolerance) {
    lowest = Math.min(lowest, smoothed[after]!);
    after++;
  }
  if (after - 1 - last < 3) return skim;
  const raw = (i: number) => input.values[i]! - baselineAt(line, timeSec[i]!);
  const peak = fitEmgPeak(timeSec, raw, parentApex, to, { from: last + 1, to: after - 1 });
  return peak && peak.r2 >= TAIL_FIT_MIN_R2 && onExponentialTail(peak, timeSec[to]!)
    ? emgAsymptote(peak, skim.originSec)
    : skim;
}

/** A unit Gaussian's flank falls to 1.1 % of its height at 3σ: that many half widths at half height. */
const FRONT_HALF_WIDTHS = 3 / Math.sqrt(2 * Math.log(2));

/**
 * Where the rider's front begins over a skim: 3σ before its apex (its own signal there is 1 % of its height),
 * σ from the half width at half height of its front above the skim (a peak's front is Gaussian; its tail
 * may not be).
 */
function frontStart(curve: BaselineLine, input: LimitsInput, riderApex: number, from: number): number {
  const { timeSec, smoothed } = input;
  const rise = (i: number) => smoothed[i]! - baselineAt(curve, timeSec[i]!);
  const half = rise(riderApex) / 2;
  let i = riderApex;
  while (i > from && rise(i - 1) > half) i--;
  // The half-height crossing interpolated between the samples either side of it.
  const inner = rise(i);
  const outer = i > from ? rise(i - 1) : inner;
  const share = inner > outer ? (inner - half) / (inner - outer) : 0;
  const crossingSec = timeSec[i]! - share * (i > from ? timeSec[i]! - timeSec[i - 1]! : 0);
  const startSec = timeSec[riderApex]! - FRONT_HALF_WIDTHS * (timeSec[riderApex]! - crossingSec);
  let start = i;
  while (start > from && timeSec[start - 1]! >= startSec) start--;
  return start;
}

/** The last sample a rider's tail may reach over a skim: 6σ of a Gaussian of its back's half width. */
function backLimit(curve: BaselineLine, input: LimitsInput, riderApex: number): number {
  const { timeSec, smoothed } = input;
  const rise = (i: number) => smoothed[i]! - baselineAt(curve, timeSec[i]!);
  const half = rise(riderApex) / 2;
  let i = riderApex;
  while (i + 1 < smoothed.length && rise(i + 1) > half) i++;
  const endSec =
    timeSec[riderApex]! +
    2 * FRONT_HALF_WIDTHS * (timeSec[Math.min(i + 1, smoothed.length - 1)]! - timeSec[riderApex]!);
  let end = i;
  while (end + 1 < smoothed.length && timeSec[end + 1]! <= endSec) end++;
  return end;
}

/**
 * The curve that best extrapolates the window's last third from its first two thirds, fitted again over the
 * whole window: an exponential, a Gaussian flank, or the exponential the tail's slope at the window's end
 * gives (a Gaussian flank's local slope there, carried on unchanged: an exponentially modified Gaussian's
 * tail bends towards its exponential within a few σ of its apex, so its slope settles and stops steepening).
 */
function bestTail(
  timeSec: Float64Array,
  above: (i: number) => number,
  from: number,
  to: number,
  origin: number,
): Tail | null {
  const candidates = (last: number, minR2?: number): (Tail | null)[] => {
    const exponential = fitLogPolynomial(timeSec, above, from, last, origin, 1, minR2);
    const gaussian = fitLogPolynomial(timeSec, above, from, last, origin, 2, minR2);
    return [exponential, gaussian, gaussian && endSlopeExponential(gaussian, timeSec[last]!)];
  };
  const whole = candidates(to);
  if (whole.every((tail) => !tail)) return null;
  const split = to - Math.floor((to - from) / 3);
  const miss = (tail: Tail | null) => {
    if (!tail) return Infinity;
    let sum = 0;
    for (let i = split; i <= to; i++) sum += (above(i) - tailAt(tail, timeSec[i]!)) ** 2;
    return sum;
  };
  const misses = candidates(split - 1, 0).map(miss);
  let best = -1;
  whole.forEach((tail, k) => {
    if (tail && (best < 0 || misses[k]! < misses[best]!)) best = k;
  });
  return whole[best]!;
}

/** The exponential through a Gaussian flank's value at `atSec` with the flank's slope there. */
function endSlopeExponential(flank: Tail, atSec: number): Tail | null {
  const dt = atSec - flank.originSec;
  const slope = -1 / flank.tauSec - 2 * (flank.curvature ?? 0) * dt;
  if (!(slope < 0)) return null;
  return { amplitude: tailAt(flank, atSec), originSec: atSec, tauSec: -1 / slope };
}

function tailAt(tail: Tail, tSec: number): number {
  const dt = tSec - tail.originSec;
  return tail.amplitude * Math.exp(-dt / tail.tauSec - (tail.curvature ?? 0) * dt * dt);
}

/**
 * ln(above) fitted as a polynomial of degree 1 (exponential) or 2 (Gaussian flank) in (t − origin) over
 * samples [from, to], weighted by above² (the log fit then weighs each sample as a fit of the signal itself
 * would, so the tail's noisy foot does not pull it). Samples not above the line are left out. Null when the
 * fit does not fall, bends the wrong way, or explains less than `minR2` of the variance.
 */
export function fitLogPolynomial(
  timeSec: Float64Array,
  above: (i: number) => number,
  from: number,
  to: number,
  origin: number,
  degree: 1 | 2,
  minR2 = TAIL_FIT_MIN_R2,
): Tail | null {
  const size = degree + 1;
  const moments = new Array<number>(2 * size - 1).fill(0);
  const right = new Array<number>(size).fill(0);
  let weightSum = 0;
  let sumY = 0;
  let sumYY = 0;
  let count = 0;
  for (let i = from; i <= to; i++) {
    const value = above(i);
    if (!(value > 0)) continue;
    const w = value * value;
    const t = timeSec[i]! - origin;
    const y = Math.log(value);
    let power = w;
    for (let p = 0; p < moments.length; p++) {
      moments[p]! += power;
      if (p < size) right[p]! += power * y;
      power *= t;
    }
    weightSum += w;
    sumY += w * y;
    sumYY += w * y * y;
    count++;
  }
  if (count < size + 3) return null;
  const matrix = Array.from({ length: size }, (_, r) => moments.slice(r, r + size));
  const solution = solveLinear(matrix, right);
  if (!solution) return null;
  const [a, b, q = 0] = solution;
  if (!(b! < 0) || !(q <= 0)) return null;
  let residual = 0;
  for (let i = from; i <= to; i++) {
    const value = above(i);
    if (!(value > 0)) continue;
    const t = timeSec[i]! - origin;
    residual += value * value * (Math.log(value) - (a! + b! * t + q * t * t)) ** 2;
  }
  const total = sumYY - (sumY * sumY) / weightSum;
  if (!(total > 0) || 1 - residual / total < minR2) return null;
  return degree === 1
    ? { amplitude: Math.exp(a!), originSec: origin, tauSec: -1 / b! }
    : { amplitude: Math.exp(a!), originSec: origin, tauSec: -1 / b!, curvature: -q };
}

/** Solves a small linear system by Gaussian elimination with partial pivoting; null when singular. */
export function solveLinear(matrix: number[][], right: number[]): number[] | null {
  const size = right.length;
  const m = matrix.map((row, i) => [...row, right[i]!]);
  for (let c = 0; c < size; c++) {
    let pivot = c;
    for (let i = c + 1; i < size; i++) if (Math.abs(m[i]![c]!) > Math.abs(m[pivot]![c]!)) pivot = i;
    if (!(Math.abs(m[pivot]![c]!) > 0)) return null;
    [m[c], m[pivot]] = [m[pivot]!, m[c]!];
    for (let i = c + 1; i < size; i++) {
      const f = m[i]![c]! / m[c]![c]!;
      for (let j = c; j <= size; j++) m[i]![j]! -= f * m[c]![j]!;
    }
  }
  const x = new Array<number>(size).fill(0);
  for (let i = size - 1; i >= 0; i--) {
    let sum = m[i]![size]!;
    for (let j = i + 1; j < size; j++) sum -= m[i]![j]! * x[j]!;
    x[i] = sum / m[i]![i]!;
  }
  return x;
}
