import { describe, expect, it } from 'vitest';
import { canMove, movedIds, nextVial, orderedDrafts, rowClassName } from './sequenceRows.ts';

const row = (id: number, position: number, locked = false) => ({ id, position, locked });

describe('the sequence table order', () => {
  it('runs rows by position, rows at one position in the order they were added', () => {
    const drafts = [row(3, 2), row(2, 1), row(1, 2)];
    expect(orderedDrafts(drafts).map((draft) => draft.id)).toEqual([2, 1, 3]);
  });

  it('moves a row up or down one place', () => {
    const drafts = [row(1, 0), row(2, 1), row(3, 2)];
    expect(movedIds(drafts, 2, -1)).toEqual([1, 3, 2]);
    expect(movedIds(drafts, 0, 1)).toEqual([2, 1, 3]);
  });

  it('moves no row past the ends, and no row that has run or over one', () => {
    const drafts = [row(1, 0, true), row(2, 1), row(3, 2)];
    expect(canMove(drafts, 1, -1)).toBe(false);
    expect(canMove(drafts, 0, 1)).toBe(false);
    expect(canMove(drafts, 1, 1)).toBe(true);
    expect(canMove(drafts, 2, 1)).toBe(false);
  });

  it('gives a new row the vial after the highest, the first vial in an empty table', () => {
    expect(nextVial([{ vial: 4 }, { vial: null }, { vial: 2 }])).toBe(5);
    expect(nextVial([])).toBe(1);
  });

  it('marks the running row and the rows that have run', () => {
    expect(rowClassName(row(1, 0), 1)).toBe('sequence-table__active');
    expect(rowClassName(row(1, 0, true), 1)).toBe('sequence-table__active sequence-table__locked');
    expect(rowClassName(row(2, 0, true), 1)).toBe('sequence-table__locked');
    expect(rowClassName(row(2, 0), null)).toBeUndefined();
  });
});
