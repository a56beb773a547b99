// The workspace switcher of the cabinet bar: the current workspace with the user's role, the others it may
// switch to, and the way to the members page. Reads and new objects follow the current workspace.
import { useMutation, useQuery } from '@tanstack/react-query';
import { NavLink } from 'react-router-dom';
import { roleLabels } from '@eluent/contracts';
import { Icon } from '../../components/Icon.tsx';
import { notifyError } from '../../lib/toast.ts';
import { fetchWorkspaces, reopenApp, switchWorkspace, workspacesKey } from './workspacesApi.ts';

export function WorkspaceSwitcher({ onNavigate }: { onNavigate: () => void }) {
  const workspaces = useQuery({ queryKey: workspacesKey, queryFn: fetchWorkspaces });
  const change = useMutation({
    mutationFn: switchWorkspace,
    onSuccess: reopenApp,
    onError: (error) => notifyError(error.message),
  });
  const data = workspaces.data;
  if (!data) return null;
  return (
    <details className="workspace-switcher">
      <summary aria-label="Workspaces" title={`${data.current.name} · ${roleLabels[data.current.role]}`}>
        <Icon name="domain" /> <span className="workspace-switcher__name">{data.current.name}</span>
      </summary>
      <div className="workspace-switcher__panel">
        <select
          aria-label="Workspace"
          value={data.current.id}
          disabled={change.isPending}
          onChange={(event) => change.mutate(Number(event.target.value))}
        >
          {data.workspaces.map((workspace) => (
            <option key={workspace.id} value={workspace.id}>
              {workspace.name} · {roleLabels[workspace.role]}
            </option>
          ))}
        </select>
        <NavLink to="/app/members/" onClick={onNavigate}>
          <Icon name="group" /> <span>Members</span>
        </NavLink>
      </div>
    </details>
  );
}
