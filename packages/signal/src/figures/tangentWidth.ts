import { baselineAt, type BaselineLine } from '../integration/integrateArea.ts';
import { flankCrossing } from './widthCrossings.ts';

/** Tangent at one inflection point, in signal units above the peak baseline. */
export interface InflectionTangent {
  /** Inflection point: where the smoothed slope of the flank is steepest. */
  timeSec: number;
  /** Signal above the baseline there. */
  value: number;
  /** Slope there (signal units per second; positive on the leading flank). */
  slope: number;
  /** Where the tangent meets the peak baseline. */
  baselineInterceptSec: number;
}

/** The flanks are searched from the apex down to this fraction of the height. */
export const FLANK_FLOOR = 0.05;

/**
 * Walks a caller has already made on the same peak (same apex, height, baseline and limits), reused as they
 * are: the half-height crossing times (`flankCrossing` at height / 2) and the stop indices of the walks down
 * to `FLANK_FLOOR × height` (`flankEnd`).
 */
export interface KnownWalks {
  leftHalf: number | null;
  rightHalf: number | null;
  leftFloorEnd: number;
  rightFloorEnd: number;
}
/** Half-span of the least-squares slope, as a fraction of the samples across W50 (at least 1 sample). */
const SMOOTHING_PER_HALF_WIDTH = 1 / 20;

/** Prefix-sum arrays shared by every `windowSlopes` call (grown when needed). */
let prefixes = {
  st: new Float64Array(0),
  sy: new Float64Array(0),
  stt: new Float64Array(0),
  sty: new Float64Array(0),
};

/**
 * The shared prefix-sum arrays, at least `size` long. Every flank of every peak needs four: allocating them
 * anew made measuring the peaks of a long run allocate four times the run's length in short-lived arrays.
 * A `windowSlopes` result reads them, so it is valid only until the next `windowSlopes` call (each caller
 * is done with it by then: one flank is searched before the next is prepared).
 */
function prefixBuffers(size: number): typeof prefixes {
  if (prefixes.st.length < size) {
    const length = Math.max(size, 2 * prefixes.st.length);
    prefixes = {
      st: new Float64Array(length),
      sy: new Float64Array(length),
      stt: new Float64Array(length),
      sty: new Float64Array(length),
    };
  }
  return prefixes;
}

/**
 * Least-squares slopes of `values` over the samples [i − halfSpan, i + halfSpan] (clipped to the signal)
 * for any i in [from, to]: a Savitzky–Golay first derivative on a uniform grid, any grid allowed. Prefix
 * sums make each slope O(1), so a flank of thousands of samples costs no more than reading it. The slopes
 * read shared arrays: the function returned is valid until the next `windowSlopes` call.
 */
function windowSlopes(
  timeSec: ArrayLike<number>,
  values: ArrayLike<number>,
  from: number,
  to: number,
  halfSpan: number,
): (i: number) => number {
  const lo = Math.max(0, from - halfSpan);
  const hi = Math.min(timeSec.length - 1, to + halfSpan);
  // Times relative to the middle of the range keep the sums of squares small (no cancellation).
  const origin = timeSec[(lo + hi) >> 1] as number;
  const size = hi - lo + 2;
  const { st, sy, stt, sty } = prefixBuffers(size);
  st[0] = 0;
  sy[0] = 0;
  stt[0] = 0;
  sty[0] = 0;
  for (let i = lo; i <= hi; i++) {
    const t = (timeSec[i] as number) - origin;
    const y = values[i] as number;
    const k = i - lo;
    st[k + 1] = (st[k] as number) + t;
    sy[k + 1] = (sy[k] as number) + y;
    stt[k + 1] = (stt[k] as number) + t * t;
    sty[k + 1] = (sty[k] as number) + t * y;
  }
  return (i: number) => {
    const a = Math.max(lo, i - halfSpan) - lo;
    const b = Math.min(hi, i + halfSpan) - lo + 1;
    const n = b - a;
    const sumT = (st[b] as number) - (st[a] as number);
    const sumY = (sy[b] as number) - (sy[a] as number);
    const sxx = (stt[b] as number) - (stt[a] as number) - (sumT * sumT) / n;
    const sxy = (sty[b] as number) - (sty[a] as number) - (sumT * sumY) / n;
    return sxx > 0 ? sxy / sxx : 0;
  };
}

/**
 * Inflection tangent of one flank (`direction` −1 leading, +1 trailing) of the actual peak: the point of
 * steepest smoothed slope between the apex and 5 % of the height (or the peak limit), refined between
 * samples by a parabola through the three slopes around the extremum. Null when the steepest slope lies
 * on a limit the flank was cut at (a fused side: no inflection inside the peak) or points the wrong way.
 */
function flankTangent(
  timeSec: ArrayLike<number>,
  values: ArrayLike<number>,
  baselineSlope: number,
  residual: (i: number) => number,
  apexIndex: number,
  height: number,
  limitIndex: number,
  direction: -1 | 1,
  halfSpan: number,
  knownEnd: number | null,
): InflectionTangent | null {
  const last = timeSec.length - 1;
  const floor = FLANK_FLOOR * height;
  let end = apexIndex;
  if (knownEnd !== null) end = knownEnd;
  else
    while ((direction < 0 ? end > limitIndex : end < limitIndex) && residual(end) > floor) end += direction;
  // The baseline is a straight line: the slope above it is the signal's slope minus the line's.
  const signalSlope = windowSlopes(
    timeSec,
    values,
    Math.max(0, Math.min(apexIndex, end) - 1),
    Math.min(last, Math.max(apexIndex, end) + 1),
    halfSpan,
  );
  const slope = (i: number) => signalSlope(i) - baselineSlope;
  const cut = residual(end) > floor;
  // Steepest descent away from the apex (slope × (−direction) largest): the smoothed slope varies on the
  // scale of its half-span, so scan at that stride, then sample by sample around the best.
  let best = -1;
  let bestSteepness = 0;
  const consider = (i: number) => {
    const steepness = -direction * slope(i);
    if (steepness > bestSteepness) {
      bestSteepness = steepness;
      best = i;
    }
  };
  const inFlank = (i: number) => (direction < 0 ? i >= end && i < apexIndex : i <= end && i > apexIndex);
  const stride = Math.max(1, halfSpan);
  for (let i = apexIndex + direction; inFlank(i); i += stride * direction) consider(i);
  if (inFlank(end)) consider(end);
  const coarse = best;
  if (coarse >= 0) {
    for (let i = coarse - stride + 1; i < coarse + stride; i++) if (i !== coarse && inFlank(i)) consider(i);
  }
  if (best < 0 || (cut && best === end)) return null;
  let offset = 0;
  let steepness = bestSteepness;
  if (best > 0 && best < last) {
    const before = -direction * slope(best - 1);
    const after = -direction * slope(best + 1);
    const curvature = before - 2 * bestSteepness + after;
    if (curvature < 0) {
      offset = Math.max(-0.5, Math.min(0.5, (before - after) / (2 * curvature)));
      steepness = bestSteepness - 0.25 * (before - after) * offset;
    }
  }
  const neighbour = offset < 0 ? best - 1 : best + 1;
  const fraction = Math.abs(offset);
  const t0 = timeSec[best] as number;
  const timeAt = t0 + fraction * ((timeSec[neighbour] as number) - t0);
  const value = residual(best) + fraction * (residual(neighbour) - residual(best));
  const tangentSlope = -direction * steepness;
  return { timeSec: timeAt, value, slope: tangentSlope, baselineInterceptSec: timeAt - value / tangentSlope };
}

/**
 * Inflection tangents of both flanks of a peak (Ph. Eur. 2.2.46 / USP <621> W_b construction) on the
 * signal above the peak baseline. The slope is a least-squares (Savitzky–Golay) derivative over ±W50/20
 * (at least ±1 sample: a 5-point derivative at 20 samples per σ), so noise does not pick the inflection point.
 */
export function inflectionTangents(
  timeSec: ArrayLike<number>,
  values: ArrayLike<number>,
  apexIndex: number,
  height: number,
  baseline: BaselineLine,
  firstIndex: number,
  lastIndex: number,
  known: KnownWalks | null = null,
): { left: InflectionTangent | null; right: InflectionTangent | null } {
  const residual = (i: number) => (values[i] as number) - baselineAt(baseline, timeSec[i] as number);
  // Samples across the half height (each side measured alone, so a fused side does not stop it).
  const half = height / 2;
  const leftHalf = known
    ? known.leftHalf
    : flankCrossing(timeSec, values, apexIndex, half, baseline, firstIndex, -1);
  const rightHalf = known
    ? known.rightHalf
    : flankCrossing(timeSec, values, apexIndex, half, baseline, lastIndex, 1);
  const t = timeSec[apexIndex] as number;
  const halfWidth = Math.max(leftHalf === null ? 0 : t - leftHalf, rightHalf === null ? 0 : rightHalf - t);
  const step =
    ((timeSec[lastIndex] as number) - (timeSec[firstIndex] as number)) / (lastIndex - firstIndex || 1);
  const halfSpan = Math.max(1, Math.round((2 * halfWidth * SMOOTHING_PER_HALF_WIDTH) / (step || 1)));
  const span = baseline.endSec - baseline.startSec;
  const baselineSlope = span === 0 ? 0 : (baseline.endValue - baseline.startValue) / span;
  const flank = (limitIndex: number, direction: -1 | 1) =>
    flankTangent(
      timeSec,
      values,
      baselineSlope,
      residual,
      apexIndex,
      height,
      limitIndex,
      direction,
      halfSpan,
      known ? (direction < 0 ? known.leftFloorEnd : known.rightFloorEnd) : null,
    );
  return { left: flank(firstIndex, -1), right: flank(lastIndex, 1) };
}

/**
 * Baseline width W_b: distance between the points where the tangents at the inflection points of the
 * actual peak meet the baseline (4σ for a Gaussian; the real construction for tailing peaks). Null when
 * either flank has no inflection point inside the peak limits.
 */
export function tangentWidth(
  timeSec: ArrayLike<number>,
  values: ArrayLike<number>,
  apexIndex: number,
  height: number,
  baseline: BaselineLine,
  firstIndex: number,
  lastIndex: number,
  known: KnownWalks | null = null,
): number | null {
  const { left, right } = inflectionTangents(
    timeSec,
    values,
    apexIndex,
    height,
    baseline,
    firstIndex,
    lastIndex,
    known,
  );
  return left && right ? right.baselineInterceptSec - left.baselineInterceptSec : null;
}
