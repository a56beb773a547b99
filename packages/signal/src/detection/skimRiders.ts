import { baselineAt, integrateArea, type BaselineLine } from '../integration/integrateArea.ts';
import { firstIndexAtOrAfter, STEP_ROUNDING } from '../integration/sampleCells.ts';
import type { PeakLimits } from '../figures/measurePeak.ts';
import type { LimitsInput } from './integrationLimits.ts';
import { lightAt, lightHalfWidth } from './signalValley.ts';
// An exponential fit of the tail is used when it explains this share of the tail's variance (the skims' rule).
import { TAIL_FIT_MIN_R2, tailSkim } from './tailSkim.ts';

/**
 * A peak is a rider when the peak before it in its cluster is at least this many times higher: the parent
 * above the cluster baseline, the rider by its own rise over the valley (ChemStation corrects the child's
 * height for the parent's slope; read from the cluster baseline, a rider halfway down a tail counts the tail
 * under it and took a drop line). Chromeleon's rider threshold and Empower's skim ratio are rules of this kind.
 */
export const SKIM_HEIGHT_RATIO = 5;
/**
 * …and it stands at most this many times above the valley before it, both read from the cluster baseline
 * (ChemStation's skim valley ratio Hc/Hv, typically 20): it sits on the parent's tail. A child whose valley
 * is nearer the baseline than that is a peak beside the parent and keeps its drop line.
 */
export const SKIM_VALLEY_RATIO = 20;
/** A skim must leave a rider at least this share of its rise over the valley (else it is no rider). */
export const SKIM_VALLEY_SHARE = 0.5;

/**
 * The parent's tail above the cluster line just before the valley, fitted as amplitude · exp(−(t − t_v)/τ)
 * (log-linear least squares over the last half of the way from the parent's apex to the valley, stopping
 * short of the rider's rise); null when the tail is not a clean decaying exponential.
 */
function exponentialTail(
  input: LimitsInput,
  line: BaselineLine,
  parentApex: number,
  valleyIndex: number,
  /** Samples left out before the valley (the rider's own front). @default the kernel's reach */
  front = 0,
): NonNullable<BaselineLine['tail']> | null {
  const { timeSec, smoothed } = input;
  const margin = Math.max(1, input.smoothingSamples ?? 1, front);
  const to = valleyIndex - margin;
  const from = Math.max(parentApex + 1, to - Math.max(8, Math.round((valleyIndex - parentApex) / 2)));
  if (to - from < 5) return null;
  const origin = timeSec[valleyIndex]!;
  let count = 0;
  let sumT = 0;
  let sumY = 0;
  let sumTT = 0;
  let sumTY = 0;
  let sumYY = 0;
  for (let i = from; i <= to; i++) {
    const above = smoothed[i]! - baselineAt(line, timeSec[i]!);
    if (!(above > 0)) return null;
    const t = timeSec[i]! - origin;
    const y = Math.log(above);
    count++;
    sumT += t;
    sumY += y;
    sumTT += t * t;
    sumTY += t * y;
    sumYY += y * y;
  }
  const covariance = sumTY - (sumT * sumY) / count;
  const varianceT = sumTT - (sumT * sumT) / count;
  const varianceY = sumYY - (sumY * sumY) / count;
  const slope = covariance / varianceT;
  if (!(slope < 0) || !(varianceY > 0)) return null;
  const r2 = (covariance * covariance) / (varianceT * varianceY);
  if (r2 < TAIL_FIT_MIN_R2) return null;
  const intercept = (sumY - slope * sumT) / count;
  return { amplitude: Math.exp(intercept), originSec: origin, tauSec: -1 / slope };
}

/**
 * The parent's tail before the valley as a Gaussian flank (Empower's Gaussian skim), where it is not a clean
 * exponential: fitted over the last half of the way from the parent's apex to the valley, ending twice the
 * rider's half-prominence width before the valley (past the rider's own front); accepted only when the
 * rider keeps at least half its height above it at its apex.
 */
function gaussianTail(
  input: LimitsInput,
  line: BaselineLine,
  parentApex: number,
  valleyIndex: number,
  rider: number,
  riderHeight: number,
): NonNullable<BaselineLine['tail']> | null {
  const kernel = Math.max(1, input.smoothingSamples ?? 1);
  // Past the rider's front where the tail leaves room for it, else the kernel's reach.
  const wide = Math.max(kernel, Math.round(2 * (input.widths[rider] as number)));
  const margin = valleyIndex - wide - parentApex > 16 ? wide : kernel;
  const to = valleyIndex - margin;
  const from = Math.max(parentApex + 1, to - Math.max(8, Math.round((valleyIndex - parentApex) / 2)));
  const tail = gaussianFlank(input, line, valleyIndex, from, to, false);
  if (!tail) return null;
  return riderStandsAbove(input, { ...line, tail }, rider, riderHeight) ? tail : null;
}

/**
 * The exponential an exponential_skim event asks for: fitted past the rider's front where the tail leaves room
 * (twice its half-prominence width before the valley, as `gaussianTail`), else up to the kernel's reach.
 */
function forcedExponentialTail(
  input: LimitsInput,
  line: BaselineLine,
  parentApex: number,
  valleyIndex: number,
  rider: number,
): NonNullable<BaselineLine['tail']> | null {
  const wide = Math.round(2 * (input.widths[rider] as number));
  const roomy = valleyIndex - wide - parentApex > 16;
  return (
    (roomy ? exponentialTail(input, line, parentApex, valleyIndex, wide) : null) ??
    exponentialTail(input, line, parentApex, valleyIndex)
  );
}

/** The rider's apex over a skim (its own height, as the skim leaves it). */
function heightOverSkim(input: LimitsInput, skim: BaselineLine, rider: number): number {
  const apex = input.apexes[rider]!.index;
  const level = lightAt(input.values, apex, lightHalfWidth(input.smoothingSamples ?? 1));
  return level - baselineAt(skim, input.timeSec[apex]!);
}

/** The rider's apex stands above the skim by at least half its height (the skim is not eating the rider). */
function riderStandsAbove(
  input: LimitsInput,
  skim: BaselineLine,
  rider: number,
  riderHeight: number,
): boolean {
  const apex = input.apexes[rider]!.index;
  const level = lightAt(input.values, apex, lightHalfWidth(input.smoothingSamples ?? 1));
  return level - baselineAt(skim, input.timeSec[apex]!) >= SKIM_VALLEY_SHARE * riderHeight;
}

/**
 * Skim of riders on a tail (a peak after a valley, or a shoulder, on a much higher parent's tail): the parent's
 * tail fitted before the rider and carried on under it (`tailSkim`); where that finds no clean tail, the
 * Gaussian or exponential fit just before the valley; where none stands, the drop line stays. The tangent (the
 * lowest line from the valley touching the signal after the rider) is a skim event's only: from a valley on a
 * falling tail it cuts the rider by the tail's fall across it (docs/processing.md, "No automatic tangent
 * skim"). A shoulder keeps its drop line unless the tail fit skims it. The parent keeps
 * the cluster baseline, ends where the rider ended before, and gives up the rider's area (`skimParent`).
 */
export function skimRiders(input: LimitsInput, limits: PeakLimits[]): PeakLimits[] {
  const { timeSec } = input;
  const half = lightHalfWidth(input.smoothingSamples ?? 1);
  const result = limits.map((limit) => ({ ...limit }));
  for (let k = 1; k < result.length; k++) {
    const child = result[k]!;
    const parentIndex = result[k - 1]!.skimParent ?? k - 1;
    const parent = result[parentIndex]!;
    // A skim event forces the skim of its kind on a rider (a peak lower than the one it follows) in its range,
    // whatever the height and valley ratios (docs/processing.md "Integration events"); a tangent skim also
    // takes a shoulder on the parent's tail (code S), skimmed from its split point.
    const forced = input.skimMode?.(child.apexIndex) ?? null;
    const shoulder = child.startCode === 'S';
    const split = child.startCode === 'V' || (shoulder && (forced === 'tangent' || !forced));
    if (!split || parent.baseline !== child.baseline) continue;
    const sign = child.sign ?? 1;
    const above = (index: number) =>
      sign * (lightAt(input.values, index, half) - baselineAt(child.baseline, timeSec[index]!));
    const childHeight = above(child.apexIndex);
    const parentHeight = above(parent.apexIndex);
    const valleyIndex = nearestIndex(timeSec, child.startSec);
    const valleyHeight = above(valleyIndex);
    // A candidate: higher parent, the rider at most 20 × its valley (the skim valley ratio). Forced by an event, it
    // is a rider; else by the height ratio, the rider's height read over the skim it would get.
    if (!(parentHeight > childHeight) || (!forced && SKIM_VALLEY_RATIO * valleyHeight < childHeight))
      continue;
    // The skim must leave the rider at least half its rise over the valley (a shoulder has none: the noise).
    const rise = Math.max(childHeight - valleyHeight, input.noisePeakToPeak);
    // A parent under 5 × the child and under 5 × half its rise makes no rider whatever the skim (the fit is
    // not needed); a shoulder may still be rescued below.
    const noRider =
      parentHeight < SKIM_HEIGHT_RATIO * childHeight &&
      parentHeight < SKIM_HEIGHT_RATIO * SKIM_VALLEY_SHARE * rise;
    if (noRider && !forced && !shoulder) continue;
    const endIndex = Math.min(timeSec.length - 1, firstIndexAtOrAfter(timeSec, child.endSec));
    const originalEnd = child.endSec;
    const originalStop = child.stopCode;
    const parentApex = parent.apexIndex;
    // A child low on the tail takes only a skim fitted clear of its front (below): a shoulder may still be
    // rescued by its signal's valley when the skim does not stand, so it gets the skim in any case.
    const low = valleyHeight < SKIM_VALLEY_SHARE * childHeight;
    const skim =
      sign === 1 && parentApex < valleyIndex && !forced
        ? tailSkim(
            input,
            child.baseline,
            parentApex,
            valleyIndex,
            child.apexIndex,
            input.noisePeakToPeak / 2,
            low && !shoulder,
          )
        : null;
    const over = skim ? heightOverSkim(input, { ...child.baseline, tail: skim.tail }, k) : 0;
    const stands = !!skim && over >= SKIM_VALLEY_SHARE * rise;
    if (shoulder && !forced && !stands && sign === 1 && parentApex < valleyIndex) {
      const rescued = skimOverSignalValley(input, child, k, parentApex, parentHeight, endIndex);
      if (rescued) {
        result[k] = { ...rescued, startCode: 'T', stopCode: 'T', skimParent: parentIndex };
        result[parentIndex] = { ...parent, endSec: originalEnd, stopCode: originalStop };
        continue;
      }
    }
    // A child whose valley is below half its height sits low on the tail (the valley ratio admits it down
    // to a twentieth): only the tail skim takes it, fitted clear of its front and leaving it half its rise;
    // else it keeps its drop line.
    if (low && !forced && !(skim && stands && skim.clearOfFront)) continue;
    const rider =
      forced !== null ||
      parentHeight >= SKIM_HEIGHT_RATIO * childHeight ||
      (stands && parentHeight >= SKIM_HEIGHT_RATIO * over);
    if (!rider) continue;
    // A shoulder on a tail is skimmed only by a fitted tail; else its drop line stays.
    if (shoulder && !forced && !stands) continue;
    const tail =
      !stands && sign === 1 && parentApex < valleyIndex && forced !== 'tangent'
        ? forced
          ? forcedExponentialTail(input, child.baseline, parentApex, valleyIndex, k)
          : (gaussianTail(input, child.baseline, parentApex, valleyIndex, k, childHeight) ??
            exponentialTail(input, child.baseline, parentApex, valleyIndex))
        : null;
    const fitted =
      skim && stands
        ? {
            ...child,
            startSec: timeSec[skim.startIndex]!,
            endSec: timeSec[Math.min(endIndex, skim.endIndex)]!,
            baseline: { ...child.baseline, tail: skim.tail },
          }
        : tail
          ? underFittedTail(input, child, tail, valleyIndex, endIndex, parentApex)
          : forced
            ? underTangent(input, child, valleyIndex, endIndex)
            : null;
    if (!fitted) continue;
    // Every skim leaves the rider half its rise over the valley, as the tail skim must (`stands`), and an area
    // over it: a skim from a valley read on the parent's steep flank passed over a coarse rider's apex or front
    // and left it a negative height or area. The drop line then stays (docs/processing.md, "A skim over its
    // rider's apex").
    if (
      !forced &&
      (heightOverSkim(input, fitted.baseline, k) < SKIM_VALLEY_SHARE * rise || !(areaOf(input, fitted) > 0))
    )
      continue;
    // The parent's tail under a child low on it is the parent's: a skim leaving such a child more than its
    // drop line read the tail as falling faster than the signal does before the valley.
    if (low && !forced && areaOf(input, fitted) > areaOf(input, child)) continue;
    // A second child on the parent's tail never reaches back over the child before it: the automatic rules
    // then keep its drop line; a skim event starts it where the child before it ends.
    const previousEnd = result[k - 1]!.endSec;
    const reachesBack = parentIndex !== k - 1 && fitted.startSec < previousEnd;
    if (reachesBack && !forced) continue;
    const skimmed = reachesBack ? { ...fitted, startSec: previousEnd } : fitted;
    result[k] = { ...skimmed, startCode: 'T', stopCode: 'T', skimParent: parentIndex };
    result[parentIndex] = { ...parent, endSec: originalEnd, stopCode: originalStop };
  }
  return skimFrontRiders(input, result);
}

/**
 * A shoulder on a tail whose own signal has a valley (the detection kernel, set by wider peaks, filled a
 * narrower rider's valley, so the split was placed at the bend): the parent's tail fitted up to that valley
 * (`tailSkim`), taken when it leaves the rider half its rise over the valley and the parent is 5 × the rider
 * over it (the rule for riders with a valley). The signal's valley is the lowest sample between the parent's
 * apex and the rider's own maximum (climbed to from its curvature well), the rise from it at least the raw
 * noise range. Null when there is no such valley or the skim does not stand.
 */
function skimOverSignalValley(
  input: LimitsInput,
  child: PeakLimits,
  k: number,
  parentApex: number,
  parentHeight: number,
  endIndex: number,
): PeakLimits | null {
  const { values, timeSec } = input;
  let top = child.apexIndex;
  while (top - 1 > parentApex && values[top - 1]! >= values[top]!) top--;
  let valley = -1;
  for (let i = parentApex + 1; i < top; i++) if (valley < 0 || values[i]! < values[valley]!) valley = i;
  const range = input.rawPeakToPeak ?? input.noisePeakToPeak;
  const rise = valley < 0 ? 0 : values[top]! - values[valley]!;
  if (!(rise >= range)) return null;
  const skim = tailSkim(
    input,
    child.baseline,
    parentApex,
    valley,
    child.apexIndex,
    input.noisePeakToPeak / 2,
  );
  if (!skim) return null;
  const over = heightOverSkim(input, { ...child.baseline, tail: skim.tail }, k);
  if (!(over >= SKIM_VALLEY_SHARE * rise) || !(parentHeight >= SKIM_HEIGHT_RATIO * over)) return null;
  return {
    ...child,
    startSec: timeSec[skim.startIndex]!,
    endSec: timeSec[Math.min(endIndex, skim.endIndex)]!,
    baseline: { ...child.baseline, tail: skim.tail },
  };
}

/**
 * A rider under a tail fitted just before its valley: it keeps its whole range (past its end the signal is
 * the tail); before the valley its own front still stands above a Gaussian tail, so it starts where the
 * signal meets that curve (within the kernel's reach).
 */
function underFittedTail(
  input: LimitsInput,
  child: PeakLimits,
  tail: NonNullable<BaselineLine['tail']>,
  valleyIndex: number,
  endIndex: number,
  parentApex: number,
): PeakLimits {
  const { timeSec, smoothed } = input;
  const riderBaseline = { ...child.baseline, tail };
  let start = valleyIndex;
  const reach = valleyIndex - Math.max(1, input.smoothingSamples ?? 1);
  while (
    tail.curvature !== undefined &&
    start > Math.max(reach, parentApex + 1) &&
    smoothed[start - 1]! > baselineAt(riderBaseline, timeSec[start - 1]!)
  )
    start--;
  return { ...child, startSec: timeSec[start]!, endSec: timeSec[endIndex]!, baseline: riderBaseline };
}

/** A rider under a tangent: the lowest line from the valley touching the signal after the rider's apex. */
function underTangent(
  input: LimitsInput,
  child: PeakLimits,
  valleyIndex: number,
  endIndex: number,
): PeakLimits | null {
  const { timeSec, smoothed } = input;
  const sign = child.sign ?? 1;
  const startValue = smoothed[valleyIndex]!;
  let touch = -1;
  let lowestSlope = Infinity;
  for (let i = child.apexIndex + 1; i <= endIndex; i++) {
    const slope = (sign * (smoothed[i]! - startValue)) / (timeSec[i]! - timeSec[valleyIndex]!);
    if (slope < lowestSlope) {
      lowestSlope = slope;
      touch = i;
    }
  }
  if (touch < 0) return null;
  return {
    ...child,
    startSec: timeSec[valleyIndex]!,
    endSec: timeSec[touch]!,
    baseline: {
      startSec: timeSec[valleyIndex]!,
      startValue,
      endSec: timeSec[touch]!,
      endValue: smoothed[touch]!,
    },
  };
}

/**
 * The parent's flank above the cluster line over samples [from, to], fitted as a Gaussian flank:
 * ln(signal − line) = a + b·(t − t_v) − c·(t − t_v)² (least squares; t_v the valley's time; c ≥ 0, the flank
 * steepening away from the apex as a peak's does; b > 0 on a front, b < 0 on a tail). Null when the flank is
 * not clean (R² of the log fit under 0.98) or the window is too short.
 */
function gaussianFlank(
  input: LimitsInput,
  line: BaselineLine,
  valleyIndex: number,
  from: number,
  to: number,
  rising: boolean,
): NonNullable<BaselineLine['tail']> | null {
  const { timeSec, smoothed } = input;
  if (to - from < 5) return null;
  const origin = timeSec[valleyIndex]!;
  // Normal equations of the quadratic in (t − t_v), moments accumulated in one pass.
  const s = [0, 0, 0, 0, 0];
  const r = [0, 0, 0];
  let sumY = 0;
  let sumYY = 0;
  let count = 0;
  for (let i = from; i <= to; i++) {
    const above = smoothed[i]! - baselineAt(line, timeSec[i]!);
    if (!(above > 0)) return null;
    const t = timeSec[i]! - origin;
    const y = Math.log(above);
    let power = 1;
    for (let p = 0; p < 5; p++) {
      s[p]! += power;
      if (p < 3) r[p]! += power * y;
      power *= t;
    }
    sumY += y;
    sumYY += y * y;
    count++;
  }
  const solution = solve3(
    [
      [s[0]!, s[1]!, s[2]!],
      [s[1]!, s[2]!, s[3]!],
      [s[2]!, s[3]!, s[4]!],
    ],
    r,
  );
  if (!solution) return null;
  const [a, b, q] = solution;
  const curvature = -q;
  if (!(rising ? b > 0 : b < 0) || !(curvature >= 0)) return null;
  const total = sumYY - (sumY * sumY) / count;
  let residual = 0;
  for (let i = from; i <= to; i++) {
    const t = timeSec[i]! - origin;
    const e = Math.log(smoothed[i]! - baselineAt(line, timeSec[i]!)) - (a + b * t + q * t * t);
    residual += e * e;
  }
  if (!(total > 0) || 1 - residual / total < TAIL_FIT_MIN_R2) return null;
  return { amplitude: Math.exp(a), originSec: origin, tauSec: -1 / b, curvature };
}

/** Solves a 3 × 3 system by Gaussian elimination with partial pivoting; null when singular. */
function solve3(matrix: number[][], right: number[]): [number, number, number] | null {
  const m = matrix.map((row, i) => [...row, right[i]!]);
  for (let c = 0; c < 3; c++) {
    let pivot = c;
    for (let i = c + 1; i < 3; i++) if (Math.abs(m[i]![c]!) > Math.abs(m[pivot]![c]!)) pivot = i;
    if (!(Math.abs(m[pivot]![c]!) > 0)) return null;
    [m[c], m[pivot]] = [m[pivot]!, m[c]!];
    for (let i = c + 1; i < 3; i++) {
      const f = m[i]![c]! / m[c]![c]!;
      for (let j = c; j < 4; j++) m[i]![j]! -= f * m[c]![j]!;
    }
  }
  const x = [0, 0, 0];
  for (let i = 2; i >= 0; i--) {
    let sum = m[i]![3]!;
    for (let j = i + 1; j < 3; j++) sum -= m[i]![j]! * x[j]!;
    x[i] = sum / m[i]![i]!;
  }
  return [x[0]!, x[1]!, x[2]!];
}

/**
 * Front riders: a small peak on the leading edge of a much larger one (the same height and valley rules
 * as on a tail) is skimmed with the parent's front, fitted as a rising exponential after the valley and
 * carried back under the rider; the rider keeps its range, the parent keeps the cluster baseline, starts
 * where the rider started and gives up the rider's area. Where the front is not a clean exponential the
 * drop line stays: a straight tangent across a front that steepens towards the apex cuts off much of the
 * rider (half of it on the synthetic case), more than the drop line adds.
 */
function skimFrontRiders(input: LimitsInput, limits: PeakLimits[]): PeakLimits[] {
  const { timeSec, values, smoothed } = input;
  const half = lightHalfWidth(input.smoothingSamples ?? 1);
  const result = limits;
  for (let k = result.length - 2; k >= 0; k--) {
    const child = result[k]!;
    if (child.skimParent !== undefined || child.stopCode !== 'V' || (child.sign ?? 1) !== 1) continue;
    const next = result[k + 1]!;
    const parentIndex = next.skimParent !== undefined && next.skimParent > k + 1 ? next.skimParent : k + 1;
    const parent = result[parentIndex]!;
    if (parent.baseline !== child.baseline) continue;
    // Heights and the valley on the signal itself (a mean over a quarter of the kernel): the detection
    // signal's kernel lifts a valley beside a steep front.
    const above = (index: number) =>
      lightAt(values, index, half) - baselineAt(child.baseline, timeSec[index]!);
    const childHeight = above(child.apexIndex);
    const parentHeight = above(parent.apexIndex);
    const valleyIndex = nearestIndex(timeSec, child.endSec);
    if (
      !(parentHeight >= SKIM_HEIGHT_RATIO * childHeight) ||
      above(valleyIndex) < SKIM_VALLEY_SHARE * childHeight ||
      valleyIndex <= child.apexIndex
    ) {
      continue;
    }
    // The fit of the front starts past the rider's own tail: twice the rider's half-prominence width (its
    // prominence stands on the valley, so that width is about half its W50), at least the kernel's reach.
    const margin = Math.max(1, input.smoothingSamples ?? 1, Math.round(2 * (input.widths[k] as number)));
    const from = valleyIndex + margin;
    const to = Math.min(
      parent.apexIndex - 1,
      from + Math.max(8, Math.round((parent.apexIndex - valleyIndex) / 2)),
    );
    const front = gaussianFlank(input, child.baseline, valleyIndex, from, to, true);
    if (!front) continue;
    const skim = { ...child.baseline, tail: front };
    // A front carried back under the rider may take at most half of it at its apex; more, and the fit is
    // not the parent's front (the drop line stays).
    const apexLevel = lightAt(values, child.apexIndex, half);
    if (!(apexLevel - baselineAt(skim, timeSec[child.apexIndex]!) >= SKIM_VALLEY_SHARE * childHeight))
      continue;
    // Past the valley the rider's own tail still stands above the parent's front: the rider runs on
    // until the signal meets the skim, at most to where the fit of the front begins.
    const reach = valleyIndex + margin;
    let end = valleyIndex;
    while (end < reach && smoothed[end + 1]! > baselineAt(skim, timeSec[end + 1]!)) end++;
    result[k] = {
      ...child,
      endSec: timeSec[end]!,
      baseline: skim,
      startCode: 'T',
      stopCode: 'T',
      skimParent: parentIndex,
    };
    result[parentIndex] = { ...parent, startSec: child.startSec, startCode: child.startCode };
  }
  return result;
}

function nearestIndex(timeSec: Float64Array, tSec: number): number {
  const after = Math.min(timeSec.length - 1, firstIndexAtOrAfter(timeSec, tSec));
  if (after === 0) return after;
  // Halfway between two samples (a drop line between two equal samples) is the earlier one, read as a share
  // of the step with room for rounding: compared in absolute time, the tie went one way in seconds and the
  // other in minutes, and a rider's skim started a sample apart.
  const share = (tSec - timeSec[after - 1]!) / (timeSec[after]! - timeSec[after - 1]!);
  return share <= 0.5 + STEP_ROUNDING ? after - 1 : after;
}

/** A peak's area over its limits and baseline. */
function areaOf(input: LimitsInput, limits: PeakLimits): number {
  return integrateArea(input.timeSec, input.values, limits.startSec, limits.endSec, limits.baseline);
}
