// The local draft of a cell that edits a stored number (StoredNumberInput): what the cell shows, and whether
// the analyst is at it. The server's value replaces the text only while nobody is editing the cell — not while
// it has focus, holds typed text or waits for its save — so a redraw from the server (a refetch after another
// row's save, a realtime event) never takes away what is being typed.

export interface StoredDraft {
  /** What the cell shows. */
  text: string;
  /** The cell has the focus. */
  focused: boolean;
  /** Typed since the cell last showed a stored value. */
  dirty: boolean;
  /** A save of this cell is on its way. */
  saving: boolean;
}

/** What leaving the cell does: nothing to send (show the stored value), clear it, or save a number. */
export type DraftCommit = { kind: 'keep' } | { kind: 'clear' } | { kind: 'save'; value: number };

export const storedText = (stored: number | null): string => (stored === null ? '' : String(stored));

export const draftOf = (stored: number | null): StoredDraft => ({
  text: storedText(stored),
  focused: false,
  dirty: false,
  saving: false,
});

/** The cell is being edited: its text is the analyst's, not the server's. */
export const isEditing = (draft: StoredDraft): boolean => draft.focused || draft.dirty || draft.saving;

/** The server's value arrived: shown unless the cell is being edited (then it is shown once editing ends). */
export const withStored = (draft: StoredDraft, stored: number | null): StoredDraft =>
  isEditing(draft) ? draft : { ...draft, text: storedText(stored) };

export const typed = (draft: StoredDraft, text: string): StoredDraft => ({ ...draft, text, dirty: true });

/**
 * What leaving the cell sends, given the latest value the server is known to hold. Only typed text is sent;
 * an emptied cell clears the value when the cell may be cleared and holds one, else keeps the stored value.
 */
export function commitOf(draft: StoredDraft, stored: number | null, clearable: boolean): DraftCommit {
  if (!draft.dirty) return { kind: 'keep' };
  const text = draft.text.trim();
  if (text === '') return clearable && stored !== null ? { kind: 'clear' } : { kind: 'keep' };
  const value = Number(text);
  if (!Number.isFinite(value) || value === stored) return { kind: 'keep' };
  return { kind: 'save', value };
}
