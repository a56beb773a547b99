// The sequence table's order and its moves: the rows as they run, the order after a move, the next vial.
import type { Draft } from './sequencesApi.ts';

type Row = Pick<Draft, 'id' | 'position' | 'locked'>;

/** The rows in run order (position, then the order they were added in). */
export function orderedDrafts<T extends Pick<Draft, 'id' | 'position'>>(drafts: readonly T[]): T[] {
  return [...drafts].sort((a, b) => a.position - b.position || a.id - b.id);
}

/** The row ids after the row at `index` moves by `offset` places. */
export function movedIds(drafts: readonly Row[], index: number, offset: number): number[] {
  const ids = drafts.map((draft) => draft.id);
  const [moved] = ids.splice(index, 1);
  ids.splice(index + offset, 0, moved!);
  return ids;
}

/** A row may move by `offset` (±1) when it and the row it swaps with have not run, and that row exists. */
export function canMove(drafts: readonly Row[], index: number, offset: number): boolean {
  const other = drafts[index + offset];
  return drafts[index]?.locked === false && other !== undefined && !other.locked;
}

/** The vial a new row gets: one after the highest vial in the table. */
export function nextVial(drafts: readonly Pick<Draft, 'vial'>[]): number {
  return Math.max(0, ...drafts.map((draft) => draft.vial ?? 0)) + 1;
}

/** The row's class: the running row and the rows that have run are marked; none for the others. */
export function rowClassName(draft: Row, activeDraftId: number | null): string | undefined {
  const classes = [
    draft.id === activeDraftId ? 'sequence-table__active' : '',
    draft.locked ? 'sequence-table__locked' : '',
  ].join(' ');
  return classes.trim() || undefined;
}
