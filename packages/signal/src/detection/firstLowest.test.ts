import { describe, expect, it } from 'vitest';
import { seededRandom } from '../random/seededRandom.ts';
import { firstLowest } from './firstLowest.ts';

/** The definition: scan from `from`, keep the first strictly lower sample. */
function scanned(values: Float64Array, sign: 1 | -1, from: number, to: number): number {
  let index = from;
  for (let i = from; i <= to; i++) if (sign * values[i]! < sign * values[index]!) index = i;
  return index;
}

describe('firstLowest', () => {
  it('finds the same index as the scan, with ties, signed zeros, infinities and NaN', () => {
    const uniform = seededRandom(3);
    const special = [0, -0, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 1, -1];
    for (let round = 0; round < 2000; round++) {
      const length = 1 + Math.floor(uniform() * 12);
      const values = Float64Array.from({ length }, () =>
        uniform() < 0.3 ? special[Math.floor(uniform() * special.length)]! : Math.round(uniform() * 4) - 2,
      );
      const from = Math.floor(uniform() * length);
      const to = from + Math.floor(uniform() * (length - from));
      for (const sign of [1, -1] as const) {
        expect(firstLowest(values, sign, from, to), `${values.join(',')} ${from}…${to} ${sign}`).toBe(
          scanned(values, sign, from, to),
        );
      }
    }
  });
});
