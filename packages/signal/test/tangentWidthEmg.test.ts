import { describe, expect, it } from 'vitest';
import { inflectionTangents, tangentWidth } from '../src/figures/tangentWidth.ts';
import { readFixture } from './files.ts';

// EMG with τ/σ = 1 and its analytic inflection tangents, written by fixtures/make_emg_tangent_fixture.py
// (numpy, closed-form derivatives τh' = g − h): independent of our EMG code.
interface Tangent {
  timeSec: number;
  value: number;
  slope: number;
  baselineInterceptSec: number;
}
const fixture = JSON.parse(readFixture('emg_tangent_width.json')) as {
  apex: { timeSec: number; height: number };
  leftInflection: Tangent;
  rightInflection: Tangent;
  tangentWidthSec: number;
  timeSec: number[];
  values: number[];
};

describe('tangent width of a tailing EMG peak (τ/σ = 1, 20 samples per σ)', () => {
  const { timeSec, values } = fixture;
  const apexIndex = values.indexOf(Math.max(...values));
  const zero = { startSec: timeSec[0]!, startValue: 0, endSec: timeSec.at(-1)!, endValue: 0 };
  const height = fixture.apex.height;

  it('finds the analytic inflection points and tangents', () => {
    const { left, right } = inflectionTangents(
      timeSec,
      values,
      apexIndex,
      height,
      zero,
      0,
      values.length - 1,
    );
    for (const [found, exact] of [
      [left!, fixture.leftInflection],
      [right!, fixture.rightInflection],
    ] as const) {
      expect(Math.abs(found.timeSec - exact.timeSec)).toBeLessThan(0.01);
      expect(found.slope / exact.slope).toBeCloseTo(1, 2);
      expect(Math.abs(found.baselineInterceptSec - exact.baselineInterceptSec)).toBeLessThan(0.01);
    }
  });

  it('gives the analytic W_b within 0.5 %', () => {
    const width = tangentWidth(timeSec, values, apexIndex, height, zero, 0, values.length - 1)!;
    expect(Math.abs(width / fixture.tangentWidthSec - 1)).toBeLessThan(0.005);
  });
});
