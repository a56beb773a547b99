// A number cell that edits a stored value: the change is sent on blur (or Enter); when the server refuses it
// the cell goes back to the stored value, so a table never shows what was not saved.
import { useEffect, useState, type InputHTMLAttributes } from 'react';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'defaultValue' | 'onChange' | 'onBlur'> & {
  stored: number | null;
  /** Saves the new value; a rejected promise puts the stored value back. */
  onCommit: (value: number) => Promise<unknown>;
  /** When given, emptying the cell saves "no value" through it (else an empty cell keeps the stored one). */
  onClear?: () => Promise<unknown>;
};

export function StoredNumberInput({ stored, onCommit, onClear, onKeyDown, ...rest }: Props) {
  const storedText = stored === null ? '' : String(stored);
  const [text, setText] = useState(storedText);
  useEffect(() => setText(storedText), [storedText]);
  const commit = () => {
    const value = Number(text);
    if (text.trim() === '' && onClear && stored !== null) {
      onClear().catch(() => setText(storedText));
      return;
    }
    if (text.trim() === '' || value === stored) {
      setText(storedText);
      return;
    }
    onCommit(value).catch(() => setText(storedText));
  };
  return (
    <input
      {...rest}
      type="number"
      value={text}
      onChange={(event) => setText(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.currentTarget.blur();
        onKeyDown?.(event);
      }}
    />
  );
}
