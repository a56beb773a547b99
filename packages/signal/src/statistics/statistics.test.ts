import { describe, expect, it } from 'vitest';
import { seededNormal } from '../random/seededRandom.ts';
import { kthSmallest } from './kthSmallest.ts';
import { stableAscendingOrder } from './stableAscendingOrder.ts';

function sample(size: number, seed: number, quantum: number): Float64Array {
  const normal = seededNormal(seed);
  return Float64Array.from({ length: size }, () => {
    const value = 1e3 * normal();
    return quantum > 0 ? Math.round(value / quantum) * quantum : value;
  });
}

describe('kthSmallest', () => {
  it('equals the sorted element for every k, with ties and NaN sorted last', () => {
    const values = sample(301, 1, 100);
    values[7] = Number.NaN;
    values[8] = Number.NaN;
    const sorted = Float64Array.from(values).sort();
    // −0 and +0 are equal for the selection; + 0 folds them.
    for (let k = 0; k < values.length; k++)
      expect(kthSmallest(values, k) + 0).toBe((sorted[k] as number) + 0);
    expect(values[7]).toBeNaN();
  });
  it('equals the sorted element on large inputs with many ties', () => {
    for (const quantum of [0, 10, 1000]) {
      const values = sample(20_001, 7 + quantum, quantum);
      const sorted = Float64Array.from(values).sort();
      for (const k of [0, 1, 777, 10_000, 15_555, 20_000]) {
        expect(kthSmallest(values, k) + 0).toBe((sorted[k] as number) + 0);
      }
    }
  });
  it('rejects k outside the array', () => {
    expect(() => kthSmallest([1, 2], 2)).toThrow(RangeError);
  });
});

describe('stableAscendingOrder', () => {
  for (const size of [50, 5000, 100_000]) {
    it(`equals a stable comparison argsort (${size} keys, ties, ±0, ±Infinity)`, () => {
      const keys = sample(size, size, size > 1000 ? 50 : 0);
      keys[0] = -0;
      keys[1] = 0;
      keys[2] = Number.POSITIVE_INFINITY;
      keys[3] = Number.NEGATIVE_INFINITY;
      keys[4] = Number.POSITIVE_INFINITY;
      const expected = Array.from(keys.keys()).sort((a, b) => {
        const x = keys[a] as number;
        const y = keys[b] as number;
        return x < y ? -1 : x > y ? 1 : a - b;
      });
      expect(Array.from(stableAscendingOrder(keys))).toEqual(expected);
    });
  }
  it('orders doubles that round to the same single-precision value (long and short runs)', () => {
    const normal = seededNormal(11);
    // 1 + k·1e-12 all round to 1 in single precision; a few repeats make exact ties too.
    const keys = Float64Array.from({ length: 6000 }, (_, i) =>
      i % 3 === 0 ? 1 + Math.round(100 * normal()) * 1e-12 : 50 + Math.round(normal() * 1e4) * 1e-10,
    );
    const expected = Array.from(keys.keys()).sort((a, b) => keys[a]! - keys[b]! || a - b);
    expect(Array.from(stableAscendingOrder(keys))).toEqual(expected);
  });
});
