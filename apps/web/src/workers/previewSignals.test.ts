import { describe, expect, it } from 'vitest';
import { seededNormal } from '@eluent/signal';
import { keepExtremes } from './previewSignals.ts';

describe('keepExtremes', () => {
  it('keeps the minimum and maximum of each column in index order, with their own times', () => {
    const time = [0, 1, 2, 3, 4, 5, 6, 7];
    const values = [3, 9, 1, 4, 5, 0, 2, 6];
    // Two columns: samples 0–3 (max 9 at 1, min 1 at 2) and 4–7 (min 0 at 5, max 6 at 7).
    const kept = keepExtremes(time, values, 2);
    expect(Array.from(kept.values)).toEqual([9, 1, 0, 6]);
    expect(Array.from(kept.timeSec)).toEqual([1, 2, 5, 7]);
  });

  it('keeps one sample for a flat column and copies short signals whole', () => {
    expect(Array.from(keepExtremes([0, 1, 2, 3, 4, 5], [2, 2, 2, 7, 7, 7], 2).values)).toEqual([2, 7]);
    const short = keepExtremes([0, 1, 2], [4, 5, 6], 2);
    expect(Array.from(short.values)).toEqual([4, 5, 6]);
  });

  it('reduces 200,000 noisy points to two per column and keeps one-sample spikes up and down', () => {
    const noise = seededNormal(7);
    const points = 200_000;
    const time = Float64Array.from({ length: points }, (_, i) => i * 0.01);
    const values = Float64Array.from({ length: points }, () => noise());
    values[123_457] = 50;
    values[7] = -40;
    const kept = keepExtremes(time, values, 2048);
    expect(kept.values.length).toBeLessThanOrEqual(4096);
    expect(Math.max(...kept.values)).toBe(50);
    expect(Math.min(...kept.values)).toBe(-40);
    expect(kept.timeSec[kept.values.indexOf(50)]).toBe(time[123_457]);
    for (let i = 1; i < kept.timeSec.length; i++)
      expect(kept.timeSec[i]!).toBeGreaterThan(kept.timeSec[i - 1]!);
  });

  it('keeps the same samples as comparing sample by sample, with ties, signed zeros, infinities and NaN', () => {
    // The definition: the first strictly lowest and highest sample of each column, one when they coincide.
    const compared = (values: Float64Array, columns: number) => {
      const kept: number[] = [];
      for (let column = 0; column < columns; column++) {
        const from = Math.floor((column * values.length) / columns);
        const to = Math.floor(((column + 1) * values.length) / columns);
        let low = from;
        let high = from;
        for (let i = from + 1; i < to; i++) {
          if (values[i]! < values[low]!) low = i;
          else if (values[i]! > values[high]!) high = i;
        }
        kept.push(Math.min(low, high));
        if (low !== high) kept.push(Math.max(low, high));
      }
      return kept;
    };
    const noise = seededNormal(3);
    const special = [0, -0, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];
    for (let round = 0; round < 300; round++) {
      const values = Float64Array.from({ length: 40 }, () => {
        const draw = noise();
        return Math.abs(draw) > 1.5
          ? special[Math.floor(Math.abs(draw * 10)) % special.length]!
          : Math.round(draw);
      });
      const time = Float64Array.from(values, (_, i) => i);
      const kept = keepExtremes(time, values, 8);
      expect(Array.from(kept.timeSec), values.join(',')).toEqual(compared(values, 8));
    }
  });
});
