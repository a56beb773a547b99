import { describe, expect, it } from 'vitest';
import { seededRandom } from '../random/seededRandom.ts';
import { sortRange } from './sortRange.ts';

describe('sortRange', () => {
  it('sorts only the range, stably, by insertion and by the built-in sort alike', () => {
    const uniform = seededRandom(5);
    for (const size of [0, 1, 2, 7, 32, 33, 200]) {
      const keys = Array.from({ length: size }, () => Math.floor(uniform() * 5));
      const array = Int32Array.from({ length: size + 4 }, (_, i) => i - 2);
      const byKey = (a: number, b: number) => (keys[a] as number) - (keys[b] as number);
      sortRange(array, 2, size + 2, byKey);
      const expected = Array.from({ length: size }, (_, i) => i).sort((a, b) => byKey(a, b) || a - b);
      expect(Array.from(array.subarray(2, size + 2))).toEqual(expected);
      expect([array[0], array[1], array[size + 2], array[size + 3]]).toEqual([-2, -1, size, size + 1]);
    }
  });
});
