// Renaming the current workspace (administrators: members.manage); the name shows in the switcher and on
// this page at once, and the change is in the audit trail.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Icon } from '../../components/Icon.tsx';
import { notifyError, notifySuccess } from '../../lib/toast.ts';
import { WorkspaceNameForm } from './WorkspaceNameForm.tsx';
import { renameWorkspace, workspacesKey, type Workspace } from './workspacesApi.ts';

export function RenameWorkspaceForm({ workspace, onDone }: { workspace: Workspace; onDone: () => void }) {
  const queryClient = useQueryClient();
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
    <WorkspaceNameForm
      title="Rename the workspace"
      inputId="workspace-new-name"
      initialName={workspace.name}
      submit={
        <>
          <Icon name="edit" /> Rename
        </>
      }
      pending={rename.isPending}
      onSubmit={(name) => rename.mutate(name)}
      onCancel={onDone}
    />
  );
}
