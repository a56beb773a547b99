import { describe, expect, it } from 'vitest';
import { MAX_BIND_PARAMETERS, batchesOf } from './batches.ts';

describe('batchesOf', () => {
  it('keeps every batch under the bind-parameter limit and every row once, in order', () => {
    const rows = Array.from({ length: 20_000 }, (_, index) => ({ a: index, b: 1, c: null, d: 'x' }));
    const batches = batchesOf(rows);
    expect(batches.length).toBeGreaterThan(1);
    for (const batch of batches) expect(batch.length * 4).toBeLessThanOrEqual(MAX_BIND_PARAMETERS);
    expect(batches.flat()).toEqual(rows);
  });

  it('counts the widest row and answers nothing for no rows', () => {
    expect(batchesOf([{ a: 1 }, { a: 2, b: 3, c: 4 }], 6).map((batch) => batch.length)).toEqual([2]);
    expect(batchesOf([{ a: 1 }, { a: 2 }, { a: 3, b: 1 }], 2).map((batch) => batch.length)).toEqual([
      1, 1, 1,
    ]);
    expect(batchesOf([])).toEqual([]);
  });
});
