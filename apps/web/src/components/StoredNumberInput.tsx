// A number cell that edits a stored value: the change is sent on blur (or Enter); when the server refuses it
// the cell goes back to the stored value, so a table never shows what was not saved. While the cell is being
// edited (focused, typed in, or saving) a new stored value from the server does not replace the typed text
// (storedDraft.ts); the cell shows the latest stored value once editing ends without a save.
import { useEffect, useRef, useState, type InputHTMLAttributes } from 'react';
import { commitOf, draftOf, storedText, typed, withStored, type StoredDraft } from './storedDraft.ts';

type Props = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'onFocus'
> & {
  stored: number | null;
  /** Saves the new value; a rejected promise puts the stored value back. */
  onCommit: (value: number) => Promise<unknown>;
  /** When given, emptying the cell saves "no value" through it (else an empty cell keeps the stored one). */
  onClear?: () => Promise<unknown>;
};

export function StoredNumberInput({ stored, onCommit, onClear, onKeyDown, ...rest }: Props) {
  const [draft, setDraft] = useState<StoredDraft>(() => draftOf(stored));
  // The latest value the server is known to hold: its last answer, or the value it last accepted from here.
  const known = useRef(stored);
  // Only the answer to the latest save may end the saving state; the value it sends.
  const attempt = useRef(0);
  const sent = useRef<number | null>(null);
  useEffect(() => {
    known.current = stored;
    setDraft((current) => withStored(current, stored));
  }, [stored]);

  const send = (save: () => Promise<unknown>, value: number | null) => {
    const mine = ++attempt.current;
    sent.current = value;
    setDraft((current) => ({ ...current, dirty: false, saving: true }));
    save().then(
      () => {
        known.current = value;
        if (mine !== attempt.current) return;
        setDraft((current) =>
          current.dirty
            ? { ...current, saving: false }
            : { ...current, text: storedText(value), saving: false },
        );
      },
      () => {
        if (mine !== attempt.current) return;
        // Refused: the stored value again (the toast says why), unless the analyst has typed anew.
        setDraft((current) =>
          current.dirty
            ? { ...current, saving: false }
            : { ...current, text: storedText(known.current), saving: false },
        );
      },
    );
  };

  const commit = () => {
    // While a save is on its way, the value it sends is the one to compare with.
    const action = commitOf(draft, draft.saving ? sent.current : known.current, onClear !== undefined);
    if (action.kind === 'clear' && onClear) send(onClear, null);
    else if (action.kind === 'save') send(() => onCommit(action.value), action.value);
    // Nothing to send: the stored value again (a save still on its way shows its value when it lands).
    else
      setDraft((current) => ({
        ...current,
        text: current.saving ? current.text : storedText(known.current),
        focused: false,
        dirty: false,
      }));
  };

  return (
    <input
      {...rest}
      type="number"
      value={draft.text}
      onChange={(event) => {
        const text = event.target.value;
        setDraft((current) => typed(current, text));
      }}
      onFocus={() => setDraft((current) => ({ ...current, focused: true }))}
      onBlur={() => {
        setDraft((current) => ({ ...current, focused: false }));
        commit();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.currentTarget.blur();
        onKeyDown?.(event);
      }}
    />
  );
}
