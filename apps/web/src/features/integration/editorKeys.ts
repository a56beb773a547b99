// The peak editor's keys (docs/web.md, "Manual integration on the plot"): what each key does given whether a
// boundary or the cursor is active. Pure, so every key is tested without a browser.

/** What the arrow keys move once `[`, `]` or `C` chose it. */
export type ActiveMark = 'start' | 'end' | 'cursor';

export type EditorCommand =
  | { kind: 'select'; step: 1 | -1; extend: boolean }
  | { kind: 'nudgeTime'; steps: number }
  | { kind: 'nudgeBaseline'; steps: number }
  | { kind: 'activate'; mark: ActiveMark }
  | { kind: 'escape' }
  | { kind: 'delete' }
  | { kind: 'merge' }
  | { kind: 'split' }
  | { kind: 'add' }
  | { kind: 'undo' }
  | { kind: 'save' };

export interface KeyPress {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

/** Shift makes a step ten times bigger. */
export const BIG_STEP = 10;

/** The command for a key, or null when the editor leaves the key to the page. */
export function editorCommand(press: KeyPress, active: ActiveMark | null): EditorCommand | null {
  if (press.altKey) return null;
  const steps = press.shiftKey ? BIG_STEP : 1;
  const key = press.key.length === 1 ? press.key.toLowerCase() : press.key;
  if ((press.ctrlKey || press.metaKey) && key === 'z') return { kind: 'undo' };
  if (press.ctrlKey || press.metaKey) return null;
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowRight': {
      const direction = key === 'ArrowLeft' ? -1 : 1;
      return active === null
        ? { kind: 'select', step: direction, extend: press.shiftKey }
        : { kind: 'nudgeTime', steps: direction * steps };
    }
    case 'ArrowUp':
    case 'ArrowDown':
      return active === 'start' || active === 'end'
        ? { kind: 'nudgeBaseline', steps: (key === 'ArrowUp' ? 1 : -1) * steps }
        : null;
    case '[':
      return { kind: 'activate', mark: 'start' };
    case ']':
      return { kind: 'activate', mark: 'end' };
    case 'c':
      return { kind: 'activate', mark: 'cursor' };
    case 'Escape':
      return { kind: 'escape' };
    case 'Delete':
    case 'Backspace':
      return { kind: 'delete' };
    case 'm':
      return { kind: 'merge' };
    case 's':
      return { kind: 'split' };
    case 'a':
      return { kind: 'add' };
    case 'u':
      return { kind: 'undo' };
    case 'Enter':
      return { kind: 'save' };
    default:
      return null;
  }
}

/** The keys as the help lists them. */
export const editorKeyHelp: ReadonlyArray<[string, string]> = [
  ['Tab', 'focus the plot; ← → then choose a peak (Shift adds to the selection)'],
  ['[ or ]', 'choose the start or the end of the peak; Esc goes back to choosing peaks'],
  ['← →', 'move the chosen start or end by one sample (Shift: ten)'],
  ['↑ ↓', 'move the baseline at the chosen start or end (Shift: ten steps)'],
  ['C', 'move the cursor with ← →'],
  ['S', 'split the peak at the cursor'],
  ['A', 'add a peak around the cursor'],
  ['M', 'merge the selected neighbouring peaks'],
  ['Delete', 'delete the selected peaks'],
  ['U or Ctrl+Z', 'undo the last change'],
  ['Enter', 'save the changes with the reason'],
];
