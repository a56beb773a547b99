// The bars of manual integration on the plot: over it, turning editing on, the commands for the selected
// peaks and the keys (a help tooltip); under it, why a change was refused, the staged changes and one reason
// to save them all.
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { Icon } from '../../components/Icon.tsx';
import { editorKeyHelp } from './editorKeys.ts';
import { EDITOR_HELP_ID, type PeakEditor } from './usePeakEditor.ts';
import './peak-editor.css';

export function PeakEditorBar({ editor }: { editor: PeakEditor }) {
  const [helpOpen, setHelpOpen] = useState(false);
  if (!editor.available) return null;
  const count = editor.edits.length;
  const help = (
    <div
      id={EDITOR_HELP_ID}
      role="tooltip"
      className={helpOpen ? 'peak-editor__help peak-editor__help--open' : 'peak-editor__help'}
    >
      <p>Keys with the plot focused:</p>
      <dl>
        {editorKeyHelp.map(([keys, what]) => (
          <div key={keys}>
            <dt>{keys}</dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
      <p>
        With the pointer: drag a start or end line or a baseline dot; drag across the signal to add a peak;
        click a peak to select it, Shift-click for several; a click also places the cursor.
      </p>
    </div>
  );
  return (
    <section className="peak-editor" aria-label="Peak editor">
      <div className="peak-editor__row">
        <button
          type="button"
          className={editor.editing ? 'button' : 'button button--secondary'}
          aria-pressed={editor.editing}
          onClick={() => editor.setEditing(!editor.editing)}
        >
          <Icon name="edit" /> Edit peaks
        </button>
        <span className="peak-editor__help-wrap">
          <button
            type="button"
            className="button button--secondary button--small"
            aria-expanded={helpOpen}
            aria-describedby={EDITOR_HELP_ID}
            onClick={() => setHelpOpen(!helpOpen)}
          >
            <Icon name="keyboard" /> Keys
          </button>
          {help}
        </span>
        {editor.editing && (
          <span className="peak-editor__status" aria-live="polite">
            {editor.status}
          </span>
        )}
      </div>
      {editor.editing && (
        <>
          <div className="peak-editor__row" role="toolbar" aria-label="Peak commands">
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={editor.selection.length === 0}
              onClick={() => editor.run({ kind: 'delete' })}
            >
              <Icon name="delete" /> Delete
              {editor.selection.length > 1 ? ` (${editor.selection.length})` : ''}
            </button>
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={editor.selection.length < 2}
              onClick={() => editor.run({ kind: 'merge' })}
            >
              <Icon name="call_merge" /> Merge
            </button>
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => editor.run({ kind: 'split' })}
            >
              <Icon name="call_split" /> Split at cursor
            </button>
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => editor.run({ kind: 'add' })}
            >
              <Icon name="add" /> Add at cursor
            </button>
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={count === 0}
              onClick={() => editor.run({ kind: 'undo' })}
            >
              <Icon name="undo" /> Undo
            </button>
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={count === 0}
              onClick={editor.discard}
            >
              <Icon name="close" /> Discard
            </button>
          </div>
        </>
      )}
    </section>
  );
}

/** The chosen peak's start and end typed in minutes, staged on Enter or when the field is left. */
function ChosenPeakFields({ editor }: { editor: PeakEditor }) {
  const chosen = editor.chosen;
  if (!chosen) return null;
  const field = (handle: 'start' | 'end', label: string, valueSec: number) => {
    const commit = (text: string) => editor.moveTo(chosen.index, handle, Number(text) * 60);
    const id = `peak-editor-${handle}`;
    return (
      <div className="field peak-editor__limit">
        <label htmlFor={id}>
          Peak {chosen.index + 1} {label}, min
        </label>
        <input
          id={id}
          key={`${chosen.index}:${valueSec}`}
          type="number"
          step="any"
          min={0}
          inputMode="decimal"
          defaultValue={(valueSec / 60).toFixed(4)}
          onBlur={(event) => commit(event.target.value)}
          onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
            if (event.key === 'Enter') commit(event.currentTarget.value);
          }}
        />
      </div>
    );
  };
  return (
    <div className="peak-editor__row peak-editor__limits">
      {field('start', 'start', chosen.startSec)}
      {field('end', 'end', chosen.endSec)}
    </div>
  );
}

/** Under the plot: why a change was refused, the staged changes and the one reason that saves them. */
export function PeakEditorSave({ editor }: { editor: PeakEditor }) {
  if (!editor.available || !editor.editing) return null;
  const count = editor.edits.length;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    editor.submit();
  };
  return (
    <section className="peak-editor peak-editor--save" aria-label="Staged changes">
      {(editor.message ?? editor.previewError) && (
        <p className="peak-editor__refusal">
          <Icon name="error" /> <span role="alert">{editor.message ?? editor.previewError}</span>
        </p>
      )}
      <ChosenPeakFields editor={editor} />
      <form className="peak-editor__save" onSubmit={submit} aria-label="Save changes">
        <span className="peak-editor__count" data-count={count}>
          {count === 0
            ? 'No changes staged'
            : `${count} change${count === 1 ? '' : 's'} staged${editor.previewPending ? ' · measuring…' : ' · areas previewed'}`}
        </span>
        <div className="field peak-editor__reason">
          <label htmlFor="peak-editor-reason">Reason (required)</label>
          <input
            id="peak-editor-reason"
            ref={editor.reasonInput}
            value={editor.reason}
            placeholder="Why these changes are right, for the audit trail"
            onChange={(event) => editor.setReason(event.target.value)}
          />
        </div>
        <button type="submit" className="button" disabled={editor.saving || count === 0}>
          <Icon name="save" /> Save changes
        </button>
      </form>
    </section>
  );
}
