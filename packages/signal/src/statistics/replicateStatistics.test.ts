import { describe, expect, it } from 'vitest';
import { replicateStatistics } from './replicateStatistics.ts';

describe('replicateStatistics', () => {
  it('gives mean, SD (n − 1) and %RSD: 31.9 and 31.8 → 31.85, 0.0707, 0.222 %', () => {
    const stats = replicateStatistics([31.9, 31.8])!;
    expect(stats.count).toBe(2);
    expect(stats.mean).toBeCloseTo(31.85, 12);
    expect(stats.standardDeviation).toBeCloseTo(Math.SQRT1_2 / 10, 12);
    expect(stats.relativeSdPercent).toBeCloseTo((100 * Math.SQRT1_2) / 10 / 31.85, 10);
  });

  it('six replicates: 98, 99, 100, 101, 102, 100 → SD √2.8', () => {
    // Σ(x − 100)² = 4 + 1 + 0 + 1 + 4 + 0 = 10; 10/5 = 2.
    const stats = replicateStatistics([98, 99, 100, 101, 102, 100])!;
    expect(stats.mean).toBe(100);
    expect(stats.standardDeviation).toBeCloseTo(Math.SQRT2, 12);
    expect(stats.relativeSdPercent).toBeCloseTo(Math.SQRT2, 12);
  });

  it('has no SD for one value, nothing for none, and leaves out values that are not numbers', () => {
    expect(replicateStatistics([5])).toEqual({
      count: 1,
      mean: 5,
      standardDeviation: null,
      relativeSdPercent: null,
    });
    expect(replicateStatistics([])).toBeNull();
    expect(replicateStatistics([Number.NaN, 2, 4])).toMatchObject({ count: 2, mean: 3 });
  });
});
