// Renaming the current workspace (administrators: members.manage); the name shows in the switcher and on
// this page at once, and the change is in the audit trail.
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Icon } from '../../components/Icon.tsx';
import { notifyError, notifySuccess } from '../../lib/toast.ts';
import { renameWorkspace, workspacesKey, type Workspace } from './workspacesApi.ts';

export function RenameWorkspaceForm({ workspace, onDone }: { workspace: Workspace; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(workspace.name);
  const rename = useMutation({
    mutationFn: (value: string) => renameWorkspace(workspace.id, value),
    onSuccess: (answer) => {
      queryClient.setQueryData(workspacesKey, answer);
      notifySuccess('Workspace renamed');
      onDone();
    },
    onError: (error) => notifyError(error.message),
  });
  return (
    <form
      className="card workspace-card"
      aria-label="Rename the workspace"
      onSubmit={(event) => {
        event.preventDefault();
        if (name.trim()) rename.mutate(name.trim());
      }}
    >
      <h2>Rename the workspace</h2>
      <div className="field">
        <label htmlFor="workspace-new-name">Name</label>
        <input
          id="workspace-new-name"
          required
          maxLength={120}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <div className="form-actions">
        <button type="button" className="button button--secondary" onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className="button" disabled={rename.isPending}>
          <Icon name="edit" /> Rename
        </button>
      </div>
    </form>
  );
}
