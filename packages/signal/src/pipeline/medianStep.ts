import { kthSmallestInPlace } from '../statistics/kthSmallest.ts';

/**
 * Median sampling interval of increasing times (the upper middle one for an even count), in O(n).
 * @example medianStep([0, 1, 2, 4]) // 1 (steps 1, 1, 2)
 */
export function medianStep(timeSec: ArrayLike<number>): number {
  const steps = new Float64Array(timeSec.length - 1);
  for (let i = 0; i < steps.length; i++) steps[i] = (timeSec[i + 1] as number) - (timeSec[i] as number);
  return kthSmallestInPlace(steps, steps.length >> 1);
}
