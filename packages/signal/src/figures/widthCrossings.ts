import { baselineAt, type BaselineLine } from '../integration/integrateArea.ts';

export interface Crossings {
  leftSec: number;
  rightSec: number;
}

/**
 * Index where the walk from the apex along one flank (`direction` −1 leading, +1 trailing) stops: the first
 * sample whose height above the peak baseline is at most `level`, or `limitIndex` when none before it is.
 * `apexIndex` may be any sample between the apex and that stop (e.g. where a walk to a higher level
 * stopped): the walk ends at the same index.
 */
export function flankEnd(
  timeSec: ArrayLike<number>,
  values: ArrayLike<number>,
  apexIndex: number,
  level: number,
  baseline: BaselineLine,
  limitIndex: number,
  direction: -1 | 1,
): number {
  let i = apexIndex;
  if (!baseline.tail) {
    // The straight line evaluated as `baselineAt` does, written out for the hot walk.
    const { startSec, startValue } = baseline;
    const span = baseline.endSec - startSec;
    const rise = baseline.endValue - startValue;
    while (
      (direction < 0 ? i > limitIndex : i < limitIndex) &&
      (values[i] as number) -
        (span === 0 ? startValue : startValue + (rise * ((timeSec[i] as number) - startSec)) / span) >
        level
    ) {
      i += direction;
    }
    return i;
  }
  while (
    (direction < 0 ? i > limitIndex : i < limitIndex) &&
    (values[i] as number) - baselineAt(baseline, timeSec[i] as number) > level
  ) {
    i += direction;
  }
  return i;
}

/**
 * The crossing time of `level` from the walk's stop index `end` (`flankEnd`), interpolated linearly with the
 * sample before it; null when the signal did not fall to the level (or the walk never left the apex).
 */
export function crossingAtEnd(
  timeSec: ArrayLike<number>,
  values: ArrayLike<number>,
  apexIndex: number,
  level: number,
  baseline: BaselineLine,
  end: number,
  direction: -1 | 1,
): number | null {
  const residual = (i: number) => (values[i] as number) - baselineAt(baseline, timeSec[i] as number);
  const i = end;
  if (residual(i) > level || i === apexIndex) return null;
  const low = residual(i);
  const high = residual(i - direction);
  const ti = timeSec[i] as number;
  return ti - ((level - low) / (high - low)) * (ti - (timeSec[i - direction] as number));
}

/**
 * Time where the signal, measured above the peak baseline, falls to `level` on one flank of the apex
 * (`direction` −1 leading, +1 trailing), interpolated linearly. Walks no further than `limitIndex`; null
 * when the signal does not fall to that level before it (e.g. the valley side of a fused pair).
 */
export function flankCrossing(
  timeSec: ArrayLike<number>,
  values: ArrayLike<number>,
  apexIndex: number,
  level: number,
  baseline: BaselineLine,
  limitIndex: number,
  direction: -1 | 1,
): number | null {
  const end = flankEnd(timeSec, values, apexIndex, level, baseline, limitIndex, direction);
  return crossingAtEnd(timeSec, values, apexIndex, level, baseline, end, direction);
}

/**
 * Times where the signal, measured above the peak baseline, crosses `fraction × height` on either side
 * of the apex, interpolated linearly. Walks no further than [firstIndex, lastIndex]; null when the signal
 * does not fall to that level inside them on both sides (e.g. 5 % of a peak fused with its neighbour).
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
  const leftSec = flankCrossing(timeSec, values, apexIndex, level, baseline, firstIndex, -1);
  if (leftSec === null) return null;
  const rightSec = flankCrossing(timeSec, values, apexIndex, level, baseline, lastIndex, 1);
  return rightSec === null ? null : { leftSec, rightSec };
}
