/**
 * A step over two samples is a step only where its new level holds this many narrow-end widths (`rawSteps`'
 * `hold`): within 4 W50 a peak's front has come back down past half its rise.
 */
export const STEP_HOLD_WIDTHS = 4;

/**
 * A baseline step: `at` the first sample on the new level, `from` the last on the old one — `at − 1`, or
 * `at − 2` when one sample lies partway between the levels (a step between two sampling instants, averaged
 * over the sample's period as a detector's integration or a block mean does).
 */
export interface BaselineStep {
  from: number;
  at: number;
}

/**
 * One-sample baseline steps of the signal: a difference between two samples standing out of the local slope
 * (the mean of its two neighbouring differences) by at least the quantitation threshold (5 × the raw noise
 * range), with the slope and the changes of the two differences on each side each under a quarter of that
 * excess. On a peak's flank the differences grow towards the apex, so the inner side is never that steady,
 * however narrow the peak, and a quantised flank's one-level jumps are no larger than its slope; on a steep
 * tail a step rides the tail's own decline (read against the differences themselves, a step of 7.4 on a tail
 * falling 1.1 a sample was no step, and its top a peak); a one-sample spike comes back at once (and the
 * automatic signal has none, `lessSpikes`). Each is the index of the first sample on the new level. With
 * `onSlope`, a jump on a slope of any size counts too (`jumpEdgeShoulder`): what shows a one-sample jump is
 * then its neighbours' steadiness alone. With `hold`, a step over two samples counts too (`twoSampleStep`).
 */
export function rawSteps(
  values: Float64Array,
  range: number,
  { onSlope = false, hold }: { onSlope?: boolean; hold?: number } = {},
): BaselineStep[] {
  const steps: BaselineStep[] = [];
  if (!(range > 0)) return steps;
  for (let i = 3; i < values.length - 2; i++) {
    const slope = (values[i - 1]! - values[i - 2]! + values[i + 1]! - values[i]!) / 2;
    const excess = Math.abs(values[i]! - values[i - 1]! - slope);
    if (excess >= 5 * range && steadyAround(values, i, i, excess, onSlope))
      steps.push({ from: i - 1, at: i });
    else if (hold !== undefined && twoSampleStep(values, i, range, hold)) {
      steps.push({ from: i - 1, at: i + 1 });
      i++;
    }
  }
  return steps;
}

/**
 * Whether the differences around a jump from sample `first − 1` (the last on the old level) to `last` (the
 * first on the new) are steady against its `excess` over the slope: the slope (the mean of the differences
 * just outside it) and the changes of the two differences on each side each under a quarter of the excess
 * (the slope any size with `onSlope`). The same test for a jump over one sample and over two. Differences are
 * read inline: this runs at every sample.
 */
function steadyAround(
  values: Float64Array,
  first: number,
  last: number,
  excess: number,
  onSlope: boolean,
): boolean {
  const before2 = values[first - 2]! - values[first - 3]!;
  const before = values[first - 1]! - values[first - 2]!;
  const after = values[last + 1]! - values[last]!;
  const after2 = values[last + 2]! - values[last + 1]!;
  const quarter = excess / 4;
  return (
    (onSlope || Math.abs((before + after) / 2) <= quarter) &&
    Math.abs(before - before2) <= quarter &&
    Math.abs(after - before) <= quarter &&
    Math.abs(after2 - after) <= quarter
  );
}

/**
 * Whether samples i − 1 to i + 1 hold a step over two samples, sample i partway: the differences at i and
 * i + 1 stand out of the slope around them (their neighbours' mean) the same way, together by the quantitation
 * threshold and each by a quarter of that; the slope and the differences beside them steady as `rawSteps` asks;
 * and the new level holds — the signal stays past the old level by half the jump for `hold` samples. A peak
 * whose front rises over two samples passes the rest (a sharp front, a slow rounded top), but its level does
 * not hold: within 4 W50 even a tail of τ 2.5 σ has fallen to under half its height.
 */
function twoSampleStep(values: Float64Array, i: number, range: number, hold: number): boolean {
  if (i + 3 >= values.length) return false;
  const slope = (values[i - 1]! - values[i - 2]! + values[i + 2]! - values[i + 1]!) / 2;
  const first = values[i]! - values[i - 1]! - slope;
  const second = values[i + 1]! - values[i]! - slope;
  if (!(first * second > 0)) return false;
  const excess = Math.abs(first + second);
  if (excess < 5 * range || Math.min(Math.abs(first), Math.abs(second)) < excess / 4) return false;
  if (!steadyAround(values, i, i + 1, excess, false)) return false;
  const jump = values[i + 1]! - values[i - 1]!;
  const half = values[i - 1]! + jump / 2;
  const end = Math.min(values.length - 1, i + 1 + Math.ceil(hold));
  for (let j = i + 1; j <= end; j++) if (Math.sign(jump) * (values[j]! - half) < 0) return false;
  return true;
}

/**
 * Whether a positive apex is the top of an upward one-sample baseline step (`rawSteps`): the step lies within
 * the detection kernel's reach before it, and the apex stands over the level before the step by no more than
 * half the jump again (a decaying tail carried up by the step makes a maximum just after it). A baseline step
 * is a new baseline, not a peak's front: a peak's front is never that quiet, however narrow the peak.
 */
export function onStepTop(
  values: Float64Array,
  apex: number,
  steps: readonly BaselineStep[],
  reach: number,
): boolean {
  return steps.some(({ from, at }) => {
    const jump = values[at]! - values[from]!;
    return jump > 0 && at <= apex && apex - at <= reach && values[apex]! - values[from]! <= 1.5 * jump;
  });
}

/**
 * Whether a shoulder's curvature well is the detection kernel's image of a one-sample jump (`rawSteps` with
 * `onSlope`: on a tail the jump rides the tail's own slope): the kernel (two m-sample means) spreads the
 * jump's curvature over m samples on each side, so a well within m + 1 samples of it is the jump's edge. A
 * component's front rises over several samples, and its differences change from one to the next (the
 * steadiness `rawSteps` asks of the jump's neighbours fails on any peak the sampling resolves); a level that
 * changes within one sample is a baseline shift, not a peak (ChemStation). `DIONEX.CDF`'s sulfate tail drops
 * 0.043 µS in one sample at 426.7 s, on a tail falling 0.02 a sample; its block means of 2 read a shoulder
 * there that took 4.9 % of the total from the peak.
 */
export function jumpEdgeShoulder(
  jumps: readonly BaselineStep[],
  well: number,
  smoothingSamples: number,
): boolean {
  return jumps.some(({ at }) => Math.abs(at - well) <= smoothingSamples + 1);
}
