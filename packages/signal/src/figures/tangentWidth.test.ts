import { describe, expect, it } from 'vitest';
import { seededNormal } from '../random/seededRandom.ts';
import { inflectionTangents, tangentWidth } from './tangentWidth.ts';

const zero = { startSec: 0, startValue: 0, endSec: 1, endValue: 0 };

function gaussian(sigma: number, samplesPerSigma: number, centre = 50, height = 1) {
  const step = sigma / samplesPerSigma;
  const count = Math.round(100 / step) + 1;
  const timeSec = Float64Array.from({ length: count }, (_, i) => i * step);
  const values = Float64Array.from(timeSec, (t) => height * Math.exp(-0.5 * ((t - centre) / sigma) ** 2));
  let apex = 0;
  for (let i = 1; i < count; i++) if (values[i]! > values[apex]!) apex = i;
  return { timeSec, values, apex, count };
}

describe('tangentWidth (inflection tangents of the actual peak)', () => {
  it.each([20, 50])('gives 4σ for a Gaussian at %i samples per σ (within 1 %)', (samplesPerSigma) => {
    const { timeSec, values, apex, count } = gaussian(2, samplesPerSigma);
    const width = tangentWidth(timeSec, values, apex, 1, zero, 0, count - 1);
    expect(Math.abs(width! / 8 - 1)).toBeLessThan(0.01);
  });

  it('finds the inflection points at centre ± σ with value e^-½ and slope ∓e^-½/σ', () => {
    const { timeSec, values, apex, count } = gaussian(2, 20);
    const { left, right } = inflectionTangents(timeSec, values, apex, 1, zero, 0, count - 1);
    expect(left!.timeSec).toBeCloseTo(48, 2);
    expect(right!.timeSec).toBeCloseTo(52, 2);
    expect(left!.value).toBeCloseTo(Math.exp(-0.5), 2);
    expect(Math.abs(left!.slope / (Math.exp(-0.5) / 2) - 1)).toBeLessThan(0.005);
    expect(Math.abs(right!.slope / (-Math.exp(-0.5) / 2) - 1)).toBeLessThan(0.005);
    expect(left!.baselineInterceptSec).toBeCloseTo(46, 1);
  });

  it('is still near 4σ at 5 samples per σ and measured on a sloping baseline', () => {
    const { timeSec, values, apex, count } = gaussian(2, 5);
    const line = { startSec: 0, startValue: 3, endSec: 100, endValue: 8 };
    const onLine = Float64Array.from(values, (v, i) => v + 3 + 0.05 * timeSec[i]!);
    const width = tangentWidth(timeSec, onLine, apex, 1, line, 0, count - 1);
    expect(Math.abs(width! / 8 - 1)).toBeLessThan(0.02);
  });

  it('does not let noise pick the inflection point (S/N 200, 100 samples per σ)', () => {
    const normal = seededNormal(11);
    const { timeSec, values, apex, count } = gaussian(2, 100);
    const noisy = Float64Array.from(values, (v) => v + 0.005 * normal());
    const width = tangentWidth(timeSec, noisy, apex, 1, zero, 0, count - 1);
    expect(Math.abs(width! / 8 - 1)).toBeLessThan(0.02);
  });

  it('has no tangent on a side cut above its inflection point (fused valley side)', () => {
    const { timeSec, values, apex, count } = gaussian(2, 20);
    const cutAt = apex + 10; // 0.5σ after the apex, above the inflection point
    const { left, right } = inflectionTangents(timeSec, values, apex, 1, zero, 0, cutAt);
    expect(left).not.toBeNull();
    expect(right).toBeNull();
    expect(tangentWidth(timeSec, values, apex, 1, zero, 0, cutAt)).toBeNull();
    expect(count).toBeGreaterThan(cutAt);
  });
});
