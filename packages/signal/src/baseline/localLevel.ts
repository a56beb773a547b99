import { firstIndexAtOrAfter } from '../integration/sampleCells.ts';

/** Half-width in samples of the local average used for baseline end points. */
export const LOCAL_LEVEL_HALF_WIDTH = 2;

/** Mean of the signal over the 5 samples nearest to `tSec` (robust to one noisy sample). */
export function localLevel(timeSec: ArrayLike<number>, values: ArrayLike<number>, tSec: number): number {
  const centre = Math.min(values.length - 1, firstIndexAtOrAfter(timeSec, tSec));
  return localLevelAt(values, centre);
}

export function localLevelAt(values: ArrayLike<number>, index: number): number {
  const from = Math.max(0, index - LOCAL_LEVEL_HALF_WIDTH);
  const to = Math.min(values.length - 1, index + LOCAL_LEVEL_HALF_WIDTH);
  let sum = 0;
  for (let i = from; i <= to; i++) sum += values[i] as number;
  return sum / (to - from + 1);
}
