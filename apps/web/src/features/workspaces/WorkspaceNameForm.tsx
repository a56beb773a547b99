// The form that names a workspace: a new one, or the current one renamed.
import { useState, type ReactNode } from 'react';

export function WorkspaceNameForm({
  title,
  inputId,
  initialName = '',
  placeholder,
  submit,
  pending,
  onSubmit,
  onCancel,
}: {
  title: string;
  inputId: string;
  initialName?: string;
  placeholder?: string;
  /** The submit button's content. */
  submit: ReactNode;
  pending: boolean;
  /** Called with the trimmed name, never an empty one. */
  onSubmit: (name: string) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState(initialName);
  return (
    <form
      className="card workspace-card"
      aria-label={title}
      onSubmit={(event) => {
        event.preventDefault();
        if (name.trim()) onSubmit(name.trim());
      }}
    >
      <h2>{title}</h2>
      <div className="field">
        <label htmlFor={inputId}>Name</label>
        <input
          id={inputId}
          required
          maxLength={120}
          value={name}
          placeholder={placeholder}
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <div className="form-actions">
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button" disabled={pending}>
          {submit}
        </button>
      </div>
    </form>
  );
}
