import { baselineAt, type BaselineLine } from '../integration/integrateArea.ts';
import { widthCrossings } from './widthCrossings.ts';

// For a Gaussian the inflection points lie at exp(-1/2) = 60.65 % of the height.
const INFLECTION_FRACTION = Math.exp(-0.5);

/**
 * Baseline width W_b: distance between the points where the tangents at the inflection points (taken at
 * 60.65 % of the height, the Gaussian inflection level) meet the baseline. Equals 4σ for a Gaussian.
 * Returns null when the inflection level is not crossed on both sides.
 */
export function tangentWidth(
  timeSec: ArrayLike<number>,
  values: ArrayLike<number>,
  apexIndex: number,
  height: number,
  baseline: BaselineLine,
  firstIndex: number,
  lastIndex: number,
): number | null {
  const crossings = widthCrossings(
    timeSec,
    values,
    apexIndex,
    height,
    INFLECTION_FRACTION,
    baseline,
    firstIndex,
    lastIndex,
  );
  if (!crossings) return null;
  const residual = (i: number) => (values[i] as number) - baselineAt(baseline, timeSec[i] as number);
  const slopeAt = (tSec: number) => {
    // Slope of the chord over the two samples either side of the crossing: less noisy than one interval.
    let i = apexIndex;
    while (i > 0 && (timeSec[i] as number) > tSec) i--;
    while (i < timeSec.length - 1 && (timeSec[i + 1] as number) < tSec) i++;
    const from = Math.max(0, i - 1);
    const to = Math.min(timeSec.length - 1, i + 2);
    return (residual(to) - residual(from)) / ((timeSec[to] as number) - (timeSec[from] as number));
  };
  const level = height * INFLECTION_FRACTION;
  const leftSlope = slopeAt(crossings.leftSec);
  const rightSlope = slopeAt(crossings.rightSec);
  if (!(leftSlope > 0) || !(rightSlope < 0)) return null;
  return crossings.rightSec - level / rightSlope - (crossings.leftSec - level / leftSlope);
}
