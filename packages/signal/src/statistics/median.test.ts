import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { median, medianInPlace } from './median.ts';

describe('median and medianInPlace', () => {
  it('known answers: odd, even, one, none', () => {
    expect(median([3, 1, 2, 10])).toBe(2.5);
    expect(medianInPlace(Float64Array.of(3, 1, 2, 10))).toBe(2.5);
    expect(medianInPlace(Float64Array.of(5, -1, 7))).toBe(5);
    expect(medianInPlace(Float64Array.of(4))).toBe(4);
    expect(medianInPlace(new Float64Array(0))).toBeNaN();
  });

  it('property: the selection in place gives the sorted median, ties and all', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -20, max: 20 }), { minLength: 1, maxLength: 300 }), (values) => {
        expect(medianInPlace(Float64Array.from(values))).toBe(median(values));
      }),
      { seed: 1209, numRuns: 200 },
    );
  });
});
