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
 * then its neighbours' steadiness alone.
 */
export function rawSteps(values: Float64Array, range: number, { onSlope = false } = {}): number[] {
  const steps: number[] = [];
  if (!(range > 0)) return steps;
  const difference = (j: number) => values[j]! - values[j - 1]!;
  for (let i = 3; i < values.length - 2; i++) {
    const slope = (difference(i - 1) + difference(i + 1)) / 2;
    const excess = Math.abs(difference(i) - slope);
    if (excess < 5 * range) continue;
    const steady =
      (onSlope || Math.abs(slope) <= excess / 4) &&
      Math.abs(difference(i - 1) - difference(i - 2)) <= excess / 4 &&
      Math.abs(difference(i + 1) - difference(i - 1)) <= excess / 4 &&
      Math.abs(difference(i + 2) - difference(i + 1)) <= excess / 4;
    if (steady) steps.push(i);
  }
  return steps;
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
  steps: readonly number[],
  reach: number,
): boolean {
  return steps.some((step) => {
    const jump = values[step]! - values[step - 1]!;
    return (
      jump > 0 && step <= apex && apex - step <= reach && values[apex]! - values[step - 1]! <= 1.5 * jump
    );
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
export function jumpEdgeShoulder(jumps: readonly number[], well: number, smoothingSamples: number): boolean {
  return jumps.some((jump) => Math.abs(jump - well) <= smoothingSamples + 1);
}
