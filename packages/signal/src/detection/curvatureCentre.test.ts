import { describe, expect, it } from 'vitest';
import { curvatureCentre } from './curvatureCentre.ts';

/** Second difference of a sum of unit-σ Gaussians (height, centre) sampled at 0.25 σ. */
function bendOf(components: readonly [number, number][], points: number): Float64Array {
  const value = (i: number) =>
    components.reduce(
      (sum, [height, centre]) => sum + height * Math.exp(-(((i - centre) * 0.25) ** 2) / 2),
      0,
    );
  return Float64Array.from({ length: points }, (_, i) =>
    i === 0 || i === points - 1 ? 0 : value(i + 1) - 2 * value(i) + value(i - 1),
  );
}

describe('curvatureCentre', () => {
  it('stays at the maximum of a lone peak, which sits in its own curvature well', () => {
    expect(curvatureCentre(bendOf([[100, 50]], 101), 50)).toBe(50);
  });

  it('walks from a fused pair’s maximum to the larger component’s well', () => {
    // Heights 1 : 1.1, 2σ apart (8 samples): the sum's maximum lies between the two wells.
    const bend = bendOf(
      [
        [100, 46],
        [110, 54],
      ],
      101,
    );
    let maximum = 46;
    const value = (i: number) =>
      100 * Math.exp(-(((i - 46) * 0.25) ** 2) / 2) + 110 * Math.exp(-(((i - 54) * 0.25) ** 2) / 2);
    for (let i = 46; i <= 54; i++) if (value(i) > value(maximum)) maximum = i;
    const centre = curvatureCentre(bend, maximum);
    expect(maximum).toBeLessThan(54);
    expect(Math.abs(centre - 54)).toBeLessThanOrEqual(1);
  });

  it('keeps an index at the signal’s ends', () => {
    const bend = bendOf([[100, 50]], 101);
    expect(curvatureCentre(bend, 0)).toBe(0);
    expect(curvatureCentre(bend, 100)).toBe(100);
  });
});
