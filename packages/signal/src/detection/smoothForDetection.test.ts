import { describe, expect, it } from 'vitest';
import { seededNormal } from '../random/seededRandom.ts';
import { curvature, movingAverage } from './smoothForDetection.ts';

/** The plain definition: the stored second difference (ends copied), then the moving average over it. */
function storedCurvature(y: Float64Array, width: number): Float64Array {
  const n = y.length;
  const second = new Float64Array(n);
  for (let i = 1; i < n - 1; i++) second[i] = y[i - 1]! - 2 * y[i]! + y[i + 1]!;
  if (n > 2) {
    second[0] = second[1]!;
    second[n - 1] = second[n - 2]!;
  }
  return width > 1 ? movingAverage(second, width) : second;
}

describe('curvature', () => {
  it('equals the averaged stored second difference bit for bit, ends and short signals included', () => {
    const normal = seededNormal(11);
    for (const length of [0, 1, 2, 3, 4, 5, 8, 13, 40, 203, 5000]) {
      const y = Float64Array.from(
        { length },
        (_, i) => 50 * Math.exp(-(((i - length / 2) / 9) ** 2)) + normal(),
      );
      for (const width of [1, 2, 3, 5, 7, 41, 201]) {
        const fused = curvature(y, width, new Float64Array(length));
        // toEqual tells −0 from +0 and compares NaN as equal: the values must be the very same doubles.
        expect(fused, `length ${length}, width ${width}`).toEqual(storedCurvature(y, width));
      }
    }
  });

  it('carries a non-finite sample through the window exactly as the stored difference does', () => {
    const y = Float64Array.from({ length: 300 }, (_, i) => Math.sin(i / 7));
    y[150] = Number.POSITIVE_INFINITY;
    y[20] = Number.NaN;
    expect(curvature(y, 9)).toEqual(storedCurvature(y, 9));
  });
});
