// A new workspace (a lab) with the user as its administrator; it becomes the current one.
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Icon } from '../../components/Icon.tsx';
import { notifyError } from '../../lib/toast.ts';
import { createWorkspace, reopenApp } from './workspacesApi.ts';

export function NewWorkspaceForm({ onCancel }: { onCancel: () => void }) {
  const [name, setName] = useState('');
  const create = useMutation({
    mutationFn: createWorkspace,
    onSuccess: reopenApp,
    onError: (error) => notifyError(error.message),
  });
  return (
    <form
      className="card workspace-card"
      aria-label="New workspace"
      onSubmit={(event) => {
        event.preventDefault();
        if (name.trim()) create.mutate(name.trim());
      }}
    >
      <h2>New workspace</h2>
      <div className="field">
        <label htmlFor="workspace-name">Name</label>
        <input
          id="workspace-name"
          required
          maxLength={120}
          value={name}
          placeholder="e.g. Quality control lab"
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <div className="form-actions">
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button" disabled={create.isPending}>
          <Icon name="add" /> Create workspace
        </button>
      </div>
    </form>
  );
}
