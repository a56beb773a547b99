import { describe, expect, it } from 'vitest';
import { lowerBound } from '@eluent/contracts';
import { columnGrid, decimateMinMax, valueRange } from './decimate.ts';

describe('decimateMinMax', () => {
  it('keeps the minimum and maximum of each column in the order they occur', () => {
    const time = [0, 1, 2, 3, 4, 5, 6, 7];
    const values = [1, 9, 3, 2, 5, 0, 4, 4];
    // Two columns over [0, 8): samples 0–3 and 4–7.
    expect(decimateMinMax(time, values, 0, 8, 2)).toEqual([1, 9, 5, 0]);
  });
  it('leaves columns without samples empty and ignores samples outside the range', () => {
    const out = decimateMinMax([0, 10, 20], [5, 6, 7], 5, 25, 4);
    expect(out).toEqual([null, null, 6, 6, null, null, 7, 7]);
  });
  it('reduces a million points to two per column and keeps a one-sample spike', () => {
    const count = 1_000_000;
    const time = new Float64Array(count);
    const values = new Float64Array(count);
    for (let i = 0; i < count; i++) time[i] = i * 0.001;
    values[654_321] = 100;
    const out = decimateMinMax(time, values, 0, 1000, 800);
    expect(out).toHaveLength(1600);
    expect(Math.max(...out.map((value) => value ?? 0))).toBe(100);
  });
});

describe('helpers', () => {
  it('lowerBound finds the first time at or after the target', () => {
    expect(lowerBound([0, 1, 2, 3], 1.5)).toBe(2);
    expect(lowerBound([0, 1, 2, 3], -1)).toBe(0);
    expect(lowerBound([0, 1, 2, 3], 9)).toBe(4);
  });
  it('columnGrid gives two positions per column inside it', () => {
    expect(Array.from(columnGrid(0, 4, 2))).toEqual([0.5, 1.5, 2.5, 3.5]);
  });
  it('valueRange pads the extremes and skips nulls', () => {
    expect(valueRange([[0, null, 10], [5]])).toEqual([-0.5, 10.5]);
    expect(valueRange([[null]])).toBeNull();
  });
});
