import { describe, expect, it } from 'vitest';
import { medianStep, sampledIntervalIndex } from './medianStep.ts';
import { seededRandom } from '../random/seededRandom.ts';

/** The definition: the upper middle of the sorted intervals. */
function sortedMedianStep(timeSec: ArrayLike<number>): number {
  const steps = Float64Array.from({ length: timeSec.length - 1 }, (_, i) => timeSec[i + 1]! - timeSec[i]!);
  return steps.sort()[steps.length >> 1]!;
}

describe('medianStep', () => {
  const uniform = seededRandom(5);
  const grids: [string, Float64Array][] = [
    ['a regular grid of 0.01 s', Float64Array.from({ length: 100_001 }, (_, i) => i * 0.01)],
    ['a regular grid with an offset', Float64Array.from({ length: 20_000 }, (_, i) => 1234.5 + i / 3)],
    ['jittered times', Float64Array.from({ length: 5_001 }, (_, i) => i + 0.5 * uniform())],
    [
      'a grid whose rate doubles half-way',
      Float64Array.from({ length: 4_001 }, (_, i) => (i < 2_000 ? i : 2_000 + (i - 2_000) / 2)),
    ],
    ['a short run', Float64Array.from([0, 1, 2, 4, 5])],
    ['two points', Float64Array.from([3, 3.25])],
  ];
  for (const [name, timeSec] of grids) {
    it(`equals the sorted median on ${name}`, () => {
      expect(medianStep(timeSec)).toBe(sortedMedianStep(timeSec));
      expect(medianStep(timeSec, new Float64Array(timeSec.length))).toBe(sortedMedianStep(timeSec));
    });
  }
  it('falls back to the selection when the sampled candidate is not the median', () => {
    // Interval 1 exactly where the 1,001 sampled intervals fall, 2 everywhere else: the sample's median
    // (1) is not the run's (2), so the count rejects it and the selection answers.
    const count = 10_000;
    const sampled = new Set(Array.from({ length: 1001 }, (_, s) => sampledIntervalIndex(s, count)));
    const times = [0];
    for (let i = 0; i < count; i++) times.push(times[i]! + (sampled.has(i) ? 1 : 2));
    expect(sortedMedianStep(times)).toBe(2);
    expect(medianStep(times)).toBe(2);
  });
  it('samples a regular grid of 1,000,000 points at 0.01 s without aliasing its rounding pattern', () => {
    // Its most common interval (58 %) is the median; intervals at a fixed offset in each stride all missed it.
    const timeSec = Float64Array.from({ length: 1_000_000 }, (_, i) => i * 0.01);
    const count = timeSec.length - 1;
    const sample = Float64Array.from({ length: 1001 }, (_, s) => {
      const i = sampledIntervalIndex(s, count);
      return timeSec[i + 1]! - timeSec[i]!;
    }).sort();
    expect(sample[500]).toBe(sortedMedianStep(timeSec));
    expect(medianStep(timeSec)).toBe(sortedMedianStep(timeSec));
  });
  it('takes the upper middle when the two middle intervals differ', () => {
    expect(medianStep([0, 1, 2, 4, 6])).toBe(2);
    expect(medianStep([0, 1, 2, 4])).toBe(1);
  });
});
