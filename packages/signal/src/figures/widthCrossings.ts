import { baselineAt, type BaselineLine } from '../integration/integrateArea.ts';

export interface Crossings {
  leftSec: number;
  rightSec: number;
}

/**
 * Times where the signal, measured above the peak baseline, crosses `fraction × height` on either side
 * of the apex, interpolated linearly. Walks no further than [firstIndex, lastIndex]; null when the signal
 * does not fall to that level inside them (e.g. 5 % of a peak fused with its neighbour).
 */
export function widthCrossings(
  timeSec: ArrayLike<number>,
  values: ArrayLike<number>,
  apexIndex: number,
  height: number,
  fraction: number,
  baseline: BaselineLine,
  firstIndex: number,
  lastIndex: number,
): Crossings | null {
  const level = height * fraction;
  const residual = (i: number) => (values[i] as number) - baselineAt(baseline, timeSec[i] as number);
  let i = apexIndex;
  while (i > firstIndex && residual(i) > level) i--;
  if (residual(i) > level) return null;
  const leftLow = residual(i);
  const leftHigh = residual(i + 1);
  const ti = timeSec[i] as number;
  const leftSec = ti + ((level - leftLow) / (leftHigh - leftLow)) * ((timeSec[i + 1] as number) - ti);
  let j = apexIndex;
  while (j < lastIndex && residual(j) > level) j++;
  if (residual(j) > level) return null;
  const rightLow = residual(j);
  const rightHigh = residual(j - 1);
  const tj = timeSec[j] as number;
  const rightSec = tj - ((level - rightLow) / (rightHigh - rightLow)) * (tj - (timeSec[j - 1] as number));
  return { leftSec, rightSec };
}
