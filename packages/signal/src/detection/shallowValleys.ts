/**
 * Drops the lower of two neighbouring apexes when the valley between them is shallower than `depth` (the
 * automatic prominence), keeping the higher raw apex. Each apex's level is read on the detection signal at
 * its own maximum there (`maximumOf`: raw apex → detection maximum), where its prominence was measured, and
 * the valley between the two maxima: a narrow peak's highest raw sample can sit where the detection kernel
 * has already pulled the detection signal down its parent's tail (a rider 2.65 high, W50 6.9 samples, read
 * −0.07 at its raw apex against −0.007 at its maximum, and was merged into its parent). A step edge keeps
 * the level at its raw apex (`isStepEdge`), where the kernel is still on the step's ramp.
 */
export function mergeShallowValleys(
  smoothed: Float64Array,
  values: Float64Array,
  apexes: readonly number[],
  depth: number,
  maximumOf: ReadonlyMap<number, number>,
  smoothingSamples: number,
): number[] {
  const maximum = (apex: number) => maximumOf.get(apex) ?? apex;
  const level = new Map<number, number>();
  apexes.forEach((apex) => {
    const at = maximum(apex);
    const step = isStepEdge(values, apex, at, smoothingSamples);
    level.set(apex, step ? smoothed[apex]! : Math.max(smoothed[apex]!, smoothed[at]!));
  });
  const kept: number[] = [];
  for (const apex of apexes) {
    const previous = kept[kept.length - 1];
    if (previous === undefined) {
      kept.push(apex);
      continue;
    }
    let valley = Infinity;
    const to = Math.min(apex, maximum(apex));
    for (let i = Math.max(previous, maximum(previous)); i <= to; i++) valley = Math.min(valley, smoothed[i]!);
    const lower = Math.min(level.get(previous)!, level.get(apex)!);
    if (lower - valley >= depth) kept.push(apex);
    else if (values[apex]! > values[previous]!) kept[kept.length - 1] = apex;
  }
  return kept;
}

/**
 * Whether a detection maximum is the top of a baseline step rather than a peak: within the kernel's reach
 * before it (`smoothingSamples` m) the raw signal rose in one sample by more than half its whole rise to
 * the raw apex from the lowest sample before that jump within 3 m (the kernel's reach is a third of the
 * narrow peak width, so 3 m spans a peak's front). A peak the sampling resolves (W50 ≥ 4 samples, σ ≥ 1.7
 * samples) rises in one sample by at most exp(−½) / 1.7 = 36 % of its height, and over 3 m (≥ 2.4 σ
 * before its apex) by 94 % of it: at most 0.38 of its rise comes in one sample. A step rises by its whole
 * size in one sample (ChemStation: a baseline shift is not a peak) and is flat after it; its detection
 * maximum lies at the top of the kernel's ramp past the jump, where a falling tail behind the step gives it
 * a prominence of its own. A rider on a steep tail rises over its valley by little more than one sample's
 * rise (the tail falls under it), but its front goes on rising after that sample.
 */
export function isStepEdge(
  values: Float64Array,
  apex: number,
  maximum: number,
  smoothingSamples: number,
): boolean {
  let jump = -Infinity;
  let at = -1;
  for (let i = Math.max(1, maximum - smoothingSamples); i <= Math.min(values.length - 1, maximum); i++) {
    const rise = values[i]! - values[i - 1]!;
    if (rise > jump) [jump, at] = [rise, i];
  }
  if (at < 1 || !(jump > 0)) return false;
  let low = Infinity;
  for (let i = Math.max(0, maximum - 3 * smoothingSamples); i < at; i++) low = Math.min(low, values[i]!);
  // A step is flat after its jump (the differences there under a quarter of it, as `rawSteps` asks); a rider's
  // front on a falling tail, whose rise over its valley is small against one sample's, goes on rising.
  for (const j of [at + 1, at + 2]) {
    if (j < values.length && Math.abs(values[j]! - values[j - 1]!) > jump / 4) return false;
  }
  return jump > (values[apex]! - low) / 2;
}
