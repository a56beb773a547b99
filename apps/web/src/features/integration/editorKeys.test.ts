import { describe, expect, it } from 'vitest';
import { editorCommand, type KeyPress } from './editorKeys.ts';

const press = (key: string, extra: Partial<KeyPress> = {}): KeyPress => ({
  key,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...extra,
});

describe('editorCommand', () => {
  it('arrows choose peaks until a boundary is active, then move it; Shift makes bigger steps', () => {
    expect(editorCommand(press('ArrowRight'), null)).toEqual({ kind: 'select', step: 1, extend: false });
    expect(editorCommand(press('ArrowLeft', { shiftKey: true }), null)).toEqual({
      kind: 'select',
      step: -1,
      extend: true,
    });
    expect(editorCommand(press('ArrowLeft'), 'end')).toEqual({ kind: 'nudgeTime', steps: -1 });
    expect(editorCommand(press('ArrowRight', { shiftKey: true }), 'start')).toEqual({
      kind: 'nudgeTime',
      steps: 10,
    });
    expect(editorCommand(press('ArrowUp', { shiftKey: true }), 'start')).toEqual({
      kind: 'nudgeBaseline',
      steps: 10,
    });
  });

  it('up and down belong to the page unless a boundary is active', () => {
    expect(editorCommand(press('ArrowDown'), null)).toBeNull();
    expect(editorCommand(press('ArrowDown'), 'cursor')).toBeNull();
  });

  it('letters and named keys pick their command, in either case', () => {
    expect(editorCommand(press('['), null)).toEqual({ kind: 'activate', mark: 'start' });
    expect(editorCommand(press(']'), 'start')).toEqual({ kind: 'activate', mark: 'end' });
    expect(editorCommand(press('C', { shiftKey: true }), null)).toEqual({ kind: 'activate', mark: 'cursor' });
    expect(editorCommand(press('Delete'), null)).toEqual({ kind: 'delete' });
    expect(editorCommand(press('Backspace'), null)).toEqual({ kind: 'delete' });
    expect(editorCommand(press('M'), null)).toEqual({ kind: 'merge' });
    expect(editorCommand(press('s'), null)).toEqual({ kind: 'split' });
    expect(editorCommand(press('a'), null)).toEqual({ kind: 'add' });
    expect(editorCommand(press('z', { ctrlKey: true }), null)).toEqual({ kind: 'undo' });
    expect(editorCommand(press('Enter'), 'end')).toEqual({ kind: 'save' });
    expect(editorCommand(press('Escape'), 'end')).toEqual({ kind: 'escape' });
  });

  it('leaves Tab, browser shortcuts and other keys alone', () => {
    expect(editorCommand(press('Tab'), null)).toBeNull();
    expect(editorCommand(press('r', { ctrlKey: true }), null)).toBeNull();
    expect(editorCommand(press('a', { altKey: true }), null)).toBeNull();
    expect(editorCommand(press('x'), null)).toBeNull();
  });
});
