import { kthSmallestInPlace } from '../statistics/kthSmallest.ts';

/**
 * Median sampling interval of increasing times (the upper middle one for an even count), in O(n).
 * @example medianStep([0, 1, 2, 4]) // 1 (steps 1, 1, 2)
 */
export function medianStep(
  timeSec: ArrayLike<number>,
  /** Work buffer of at least n − 1 values, overwritten; saves an allocation. @default a new one */
  scratch?: Float64Array,
): number {
  const count = timeSec.length - 1;
  const steps = scratch && scratch.length >= count ? scratch.subarray(0, count) : new Float64Array(count);
  for (let i = 0; i < steps.length; i++) steps[i] = (timeSec[i + 1] as number) - (timeSec[i] as number);
  return kthSmallestInPlace(steps, steps.length >> 1);
}
