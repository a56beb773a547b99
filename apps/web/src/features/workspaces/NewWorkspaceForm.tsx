// A new workspace (a lab) with the user as its administrator; it becomes the current one.
import { useMutation } from '@tanstack/react-query';
import { Icon } from '../../components/Icon.tsx';
import { notifyError } from '../../lib/toast.ts';
import { WorkspaceNameForm } from './WorkspaceNameForm.tsx';
import { createWorkspace, reopenApp } from './workspacesApi.ts';

export function NewWorkspaceForm({ onCancel }: { onCancel: () => void }) {
  const create = useMutation({
    mutationFn: createWorkspace,
    onSuccess: reopenApp,
    onError: (error) => notifyError(error.message),
  });
  return (
    <WorkspaceNameForm
      title="New workspace"
      inputId="workspace-name"
      placeholder="e.g. Quality control lab"
      submit={
        <>
          <Icon name="add" /> Create workspace
        </>
      }
      pending={create.isPending}
      onSubmit={(name) => create.mutate(name)}
      onCancel={onCancel}
    />
  );
}
