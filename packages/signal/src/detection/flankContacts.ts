import { QUANTITATION_PROMINENCE_FACTOR, type DetectedApex } from './detectAutomatic.ts';
import type { LimitsInput } from './integrationLimits.ts';
import { rawSteps, STEP_HOLD_WIDTHS, type BaselineStep } from './rawSteps.ts';

/** A flank whose fall over one W50 changes by less than this share from the last W50 is straight… */
const STRAIGHT_SHARE = 0.1;
/** …when that fall is also under this share of the peak's height (a tail still falls faster). */
const STRAIGHT_FALL_SHARE = 0.1;

/**
 * Each apex's baseline contacts (sample indices): from the apex the detection signal is followed outward
 * while it reaches new lows by more than `tolerance`, never past a neighbouring apex nor across a one-sample
 * baseline step (`rawSteps`; the walk stops where the detection kernel's reach from the step ends), then
 * pulled back to where the flank still falls faster than the baseline drifts (`apexContacts`).
 */
export function flankContacts(
  input: LimitsInput,
  tolerance: number,
): { left: Int32Array; right: Int32Array } {
  const { apexes } = input;
  const count = apexes.length;
  const left = new Int32Array(count);
  const right = new Int32Array(count);
  // A step over two samples counts where its new level holds for 4 narrow-end widths, as detection reads it.
  const steps = rawSteps(
    input.values,
    input.rawPeakToPeak ?? input.noisePeakToPeak,
    input.widthSamples ? { hold: STEP_HOLD_WIDTHS * input.widthSamples } : {},
  );
  for (let k = 0; k < count; k++) {
    const contacts = apexContacts(input, k, tolerance, steps);
    left[k] = contacts.left;
    right[k] = contacts.right;
  }
  return { left, right };
}

/** One apex's contacts: the walk down each flank, then the baseline contact inside it. */
function apexContacts(
  input: LimitsInput,
  k: number,
  tolerance: number,
  steps: readonly BaselineStep[],
): { left: number; right: number } {
  const { smoothed, apexes, widths } = input;
  const count = apexes.length;
  const n = input.values.length;
  const { index: apex, sign } = apexes[k]!;
  const patience = Math.max(3, Math.round(widths[k] as number));
  let lower = k > 0 ? apexes[k - 1]!.index : 0;
  let upper = k < count - 1 ? apexes[k + 1]!.index : n - 1;
  if (steps.length) {
    const smear = (input.smoothingSamples ?? 1) - 1;
    for (const { from, at } of steps) {
      if (at <= apex && at + smear > lower) lower = Math.min(apex, at + smear);
      if (at > apex && from - smear < upper) upper = Math.max(apex, from - smear);
    }
  }
  // The walk ends where the flank has become a straight line: over the next W50 it falls nearly as much
  // as over the last, clearly more than the noise and little against the peak's height (a peak's tail
  // keeps slowing down; a sloping baseline, a gradient ramp or hump, does not).
  const top = sign * smoothed[apex]!;
  const straight = (inner: number, middle: number, outer: number) => {
    const last = sign * (smoothed[inner]! - smoothed[middle]!);
    const next = sign * (smoothed[middle]! - smoothed[outer]!);
    const height = top - sign * smoothed[outer]!;
    return (
      last > 3 * tolerance &&
      Math.abs(last - next) < STRAIGHT_SHARE * last &&
      last < STRAIGHT_FALL_SHARE * height
    );
  };
  // The level a new low must go below is kept with the low (the same double as computed again).
  let best = apex;
  let beat = sign * smoothed[best]! - tolerance;
  for (let i = apex - 1; i >= lower && best - i <= patience; i--) {
    if (i + 2 * patience < apex && straight(i + 2 * patience, i + patience, i)) {
      best = Math.max(best, i + patience);
      break;
    }
    if (sign * smoothed[i]! < beat) {
      best = i;
      beat = sign * smoothed[best]! - tolerance;
    }
  }
  let start = best;
  best = apex;
  beat = sign * smoothed[best]! - tolerance;
  for (let i = apex + 1; i <= upper && i - best <= patience; i++) {
    if (i - 2 * patience > apex && straight(i - 2 * patience, i - patience, i)) {
      best = Math.min(best, i - patience);
      break;
    }
    if (sign * smoothed[i]! < beat) {
      best = i;
      beat = sign * smoothed[best]! - tolerance;
    }
  }
  let end = best;
  // Baseline contact: the outermost point from which the signal falls towards the apex faster than the
  // baseline drifts (by 3×) plus the noise; beyond it the walk was only following drift.
  const span = Math.max(3, patience);
  const enough = 3 * (input.driftPerSample ?? 0) * span + tolerance / 2;
  // A baseline step inside the walk: the first flat W50 out from the apex, beyond which the walk went down by
  // the quantitation threshold, is the peak's baseline; the lower level past it is another baseline.
  const step = QUANTITATION_PROMINENCE_FACTOR * 2 * tolerance;
  start = aboveStep(smoothed, sign, apex, start, -1, span, enough, step);
  end = aboveStep(smoothed, sign, apex, end, 1, span, enough, step);
  while (start + span < apex && sign * (smoothed[start + span]! - smoothed[start]!) <= enough) start++;
  while (end - span > apex && sign * (smoothed[end - span]! - smoothed[end]!) <= enough) end--;
  return { left: start, right: end };
}

/**
 * The contact moved back to the outer end of the first flat stretch out from the apex (`span` samples over
 * which the flank moves by no more than `enough`) when the walk's contact lies at least `step` below it:
 * the walk went down a baseline step there (ChemStation starts a peak where the slope leaves the baseline,
 * and a step is a new baseline, not a peak's front). The contact as it was otherwise.
 */
function aboveStep(
  smoothed: Float64Array,
  sign: 1 | -1,
  apex: number,
  contact: number,
  direction: 1 | -1,
  span: number,
  enough: number,
  step: number,
): number {
  for (let i = apex + direction * span; direction * (contact - i) > 0; i += direction) {
    if (sign * (smoothed[i - direction * span]! - smoothed[i]!) > enough) continue;
    return sign * (smoothed[i]! - smoothed[contact]!) >= step ? i : contact;
  }
  return contact;
}

/**
 * Opposite signs never share a baseline: where their walks cross, both stop where the signal is nearest
 * the level between them (the baseline crossing), so a dip never bends a peak's baseline; the level is the
 * mean of their outer contacts' levels, never above the positive peak's. Moves the contacts in `left` and
 * `right` in place.
 */
export function meetAtBaselineCrossings(
  apexes: readonly DetectedApex[],
  smoothed: Float64Array,
  left: Int32Array,
  right: Int32Array,
): void {
  for (let k = 0; k + 1 < apexes.length; k++) {
    if (apexes[k]!.sign === apexes[k + 1]!.sign || right[k]! < left[k + 1]!) continue;
    // Never above the positive peak's own baseline on its other side: a dip's walk climbs whatever rises
    // beyond it, a next peak's front included, and a level read from there crossed the peak near its apex.
    const outer = apexes[k]!.sign === 1 ? smoothed[left[k]!]! : smoothed[right[k + 1]!]!;
    const level = Math.min((smoothed[left[k]!]! + smoothed[right[k + 1]!]!) / 2, outer);
    let crossing = apexes[k]!.index;
    for (let i = apexes[k]!.index; i <= apexes[k + 1]!.index; i++) {
      if (Math.abs(smoothed[i]! - level) < Math.abs(smoothed[crossing]! - level)) crossing = i;
    }
    right[k] = crossing;
    left[k + 1] = crossing;
  }
}
