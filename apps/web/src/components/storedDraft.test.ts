import { describe, expect, it } from 'vitest';
import { commitOf, draftOf, storedText, typed, withStored } from './storedDraft.ts';

describe('a stored number cell', () => {
  it('shows the stored value, empty for none', () => {
    expect(draftOf(3).text).toBe('3');
    expect(draftOf(null).text).toBe('');
    expect(storedText(0.25)).toBe('0.25');
  });

  it('follows the server while nobody edits it', () => {
    expect(withStored(draftOf(3), 83).text).toBe('83');
  });

  it('keeps typed text when the server value changes under it (focused, typed or saving)', () => {
    const focused = { ...draftOf(1), focused: true };
    expect(withStored(focused, 3).text).toBe('1');
    const dirty = typed(draftOf(1), '83');
    expect(withStored(dirty, 3)).toEqual(dirty);
    const saving = { ...draftOf(1), text: '83', saving: true };
    expect(withStored(saving, 3).text).toBe('83');
  });

  it('sends only typed text that differs from the stored value', () => {
    expect(commitOf(draftOf(3), 3, false)).toEqual({ kind: 'keep' });
    expect(commitOf(typed(draftOf(3), '3'), 3, false)).toEqual({ kind: 'keep' });
    expect(commitOf(typed(draftOf(3), '83'), 3, false)).toEqual({ kind: 'save', value: 83 });
    expect(commitOf(typed(draftOf(3), '0.5'), 3, false)).toEqual({ kind: 'save', value: 0.5 });
  });

  it('clears an emptied cell only when it may be cleared and holds a value', () => {
    expect(commitOf(typed(draftOf(2), ''), 2, true)).toEqual({ kind: 'clear' });
    expect(commitOf(typed(draftOf(2), ' '), 2, false)).toEqual({ kind: 'keep' });
    expect(commitOf(typed(draftOf(null), ''), null, true)).toEqual({ kind: 'keep' });
  });

  it('keeps the stored value for text that is not a number', () => {
    expect(commitOf(typed(draftOf(2), 'abc'), 2, false)).toEqual({ kind: 'keep' });
  });
});
