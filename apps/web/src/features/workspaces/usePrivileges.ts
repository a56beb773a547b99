// What the signed-in user's role in the current workspace allows, read from the one privilege table
// (packages/contracts/src/roles.ts) the server enforces: pages hide or disable the actions a role may
// not take instead of offering them and answering a refusal. The server stays the guard (docs/roles.md).
import { useQuery } from '@tanstack/react-query';
import { allows, type Privilege, type WorkspaceRole } from '@eluent/contracts';
import { fetchWorkspaces, workspacesKey } from './workspacesApi.ts';

/** A check of one privilege for the current role; `null` role (not known yet) allows, the server decides. */
export type Can = (privilege: Privilege) => boolean;

/** Whether `role` holds `privilege`; an unknown role (still loading, or a visitor's link) allows it. */
export function canWith(role: WorkspaceRole | null | undefined): Can {
  return (privilege) => (role ? allows(role, privilege) : true);
}

/** The current workspace's role, shared with the switcher's query (one request per page load). */
export function useWorkspaceRole(): WorkspaceRole | null {
  const workspaces = useQuery({ queryKey: workspacesKey, queryFn: fetchWorkspaces, staleTime: 60_000 });
  return workspaces.data?.current.role ?? null;
}

/**
 * The privilege check of the current user.
 * @example const can = useCan(); {can('sequences.create') && <button>New sequence</button>}
 */
export function useCan(): Can {
  return canWith(useWorkspaceRole());
}
