import { firstIndexAtOrAfter } from '../integration/sampleCells.ts';

/** Savitzky–Golay weights (quadratic, 5 points; Savitzky & Golay 1964): the level at a sample without the
 * bias a plain mean has at a curved valley (+0.12 on two fused Gaussians of σ 4 s sampled at 0.5 s). */
const SAVITZKY_GOLAY_5 = [-3, 12, 17, 12, -3].map((weight) => weight / 35);

/** The signal's level at the sample nearest a time (quadratic 5-point smoothing; the ends as they are). */
export function levelAt(timeSec: Float64Array, values: Float64Array, tSec: number): number {
  const after = Math.min(values.length - 1, firstIndexAtOrAfter(timeSec, tSec));
  const i = after > 0 && tSec - timeSec[after - 1]! < timeSec[after]! - tSec ? after - 1 : after;
  if (i < 2 || i > values.length - 3) return values[i]!;
  return SAVITZKY_GOLAY_5.reduce((sum, weight, j) => sum + weight * values[i - 2 + j]!, 0);
}
