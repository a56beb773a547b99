/**
 * One-sample baseline steps of the signal: a jump between two samples of at least the quantitation threshold
 * (5 × the raw noise range) with the two differences on each side of it each under a quarter of it. On a
 * peak's flank the differences grow towards the apex, so the inner side is never that quiet, however narrow
 * the peak; a one-sample spike comes back at once (and the automatic signal has none, `lessSpikes`).
 * Each is the index of the first sample on the new level.
 */
export function rawSteps(values: Float64Array, range: number): number[] {
  const steps: number[] = [];
  if (!(range > 0)) return steps;
  for (let i = 3; i < values.length - 2; i++) {
    const jump = Math.abs(values[i]! - values[i - 1]!);
    if (jump < 5 * range) continue;
    let quiet = true;
    for (const j of [i - 2, i - 1, i + 1, i + 2]) {
      if (Math.abs(values[j]! - values[j - 1]!) > jump / 4) quiet = false;
    }
    if (quiet) steps.push(i);
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
