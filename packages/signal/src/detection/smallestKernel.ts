import type { SignalScale } from './detectionSettings.ts';
import { tailRiders, type TailHosts } from './tailRiders.ts';

/**
 * Whether the detection kernel is 3 samples where a third of the narrow-end W50 lies nearer 1 (a W50 under 6
 * samples): rounded up to the smallest odd kernel, the detection signal and its curvature (a triangle of 3,
 * then a mean of 3: 7 samples in all) blur what lies 1–2 W50 from a larger peak (docs/processing.md, "A
 * shoulder the smallest kernel blurs", "A rider the smallest kernel blurs").
 */
export function smallestKernelBlurs(scale: SignalScale): boolean {
  return scale.smoothingSamples === 3 && 2 * scale.smoothingSamples >= scale.widthSamples;
}

/**
 * Samples around a curvature well (contiguous) at or below half its depth: one for a one-sample feature (a
 * spike, a jump on a tail, a repeated sample), two or more for a component (a Gaussian of σ = 1 sample spans 2).
 */
export function halfDepthSpan(bend: Float64Array, well: number): number {
  const half = bend[well]! / 2;
  let from = well;
  let to = well;
  while (from > 0 && bend[from - 1]! <= half) from--;
  while (to < bend.length - 1 && bend[to + 1]! <= half) to++;
  return to - from + 1;
}

/**
 * Riders on a tail read on the raw signal where the smallest kernel blurs them (`smallestKernelBlurs`): the
 * kernel's average of a rider 1.5–2 W50 down a steep tail reads the parent's flank into it, and the maximum
 * it had is gone. The same rule as on the detection signal (`tailRiders`), at the raw signal's own noise
 * range (`minProminence` the quantitation factor of it), each at least two samples wide at half its height
 * over the tail (a one-sample feature is one) and clear of every apex already found by the shoulder
 * separation.
 */
export function unsmoothedRiders(
  values: Float64Array,
  scale: SignalScale,
  hosts: TailHosts,
  known: readonly number[],
  options: {
    minProminence: number;
    minWidthSamples: number;
    maxWidthSamples: number;
    separationShare: number;
  },
): number[] {
  if (!smallestKernelBlurs(scale)) return [];
  const range = scale.rawNoise.peakToPeak;
  const separation = options.separationShare * scale.widthSamples;
  return tailRiders(
    { smoothed: values, coarse: values, step: 1, smoothedPeakToPeak: range, smoothingSamples: 1 },
    hosts,
    known,
    options.minProminence,
    {
      minWidthSamples: Math.max(2, options.minWidthSamples),
      maxWidthSamples: options.maxWidthSamples,
      separationShare: options.separationShare,
    },
  ).filter((apex) => !known.some((index) => Math.abs(index - apex) < separation));
}
