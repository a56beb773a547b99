import { describe, expect, it } from 'vitest';
import { seededNormal } from '../random/seededRandom.ts';
import { localMaxima } from './localMaxima.ts';
import { peakProminences } from './peakProminences.ts';
import { wholeSignalProminences } from './wholeSignalProminences.ts';

function noisyTrace(points: number, seed: number, quantum: number): Float64Array {
  const noise = seededNormal(seed);
  const values = new Float64Array(points);
  for (let i = 0; i < points; i++) {
    const value = 5 * Math.exp(-0.5 * ((i - points / 3) / 20) ** 2) + Math.sin(i / 50) + noise();
    // Rounding makes plateaus and equal lows, the cases where the tie rules matter.
    values[i] = quantum > 0 ? Math.round(value / quantum) * quantum : value;
  }
  return values;
}

describe('wholeSignalProminences', () => {
  for (const [label, quantum] of [
    ['float', 0],
    ['integer-quantised', 1],
    ['coarsely quantised', 2],
  ] as const) {
    it(`equals the per-peak walk on every local maximum (${label} data)`, () => {
      for (let seed = 1; seed <= 5; seed++) {
        const values = noisyTrace(3000, seed, quantum);
        const peaks = localMaxima(values).peaks;
        expect(wholeSignalProminences(values, peaks)).toEqual(peakProminences(values, peaks));
        const some = peaks.filter((_, n) => n % 3 === 1);
        expect(wholeSignalProminences(values, some)).toEqual(peakProminences(values, some));
      }
    });
  }
  it('equals the walk for indices that are not local maxima and next to NaN', () => {
    const values = noisyTrace(500, 9, 1);
    const indices = Int32Array.from({ length: 100 }, (_, n) => 5 * n);
    expect(wholeSignalProminences(values, indices)).toEqual(peakProminences(values, indices));
    const withGap = Float64Array.from(values);
    withGap[250] = Number.NaN;
    const peaks = localMaxima(withGap).peaks;
    expect(wholeSignalProminences(withGap, peaks)).toEqual(peakProminences(withGap, peaks));
  });
  it('gives the golden values of processing.md §1.8', () => {
    const result = wholeSignalProminences(Float64Array.of(0, 2, 1, 3, 0.5, 2.5, 0), Int32Array.of(1, 3, 5));
    expect(Array.from(result.prominences)).toEqual([1, 3, 2]);
    expect(Array.from(result.leftBases)).toEqual([0, 0, 4]);
    expect(Array.from(result.rightBases)).toEqual([2, 6, 6]);
  });
});
