// Workspaces, members, invitations and e-mail verification over REST (docs/roles.md).
import type { WorkspaceInvitation, WorkspaceMember, WorkspaceRole, Workspaces } from '@eluent/contracts';
import { http } from '../../api/client.ts';
import { httpErrorTextWithFields } from '../../api/errors.ts';
import type { HttpMethod } from '../../api/http.ts';

export type { Workspace, WorkspaceInvitation, WorkspaceMember, Workspaces } from '@eluent/contracts';

/** A failed call as an Error carrying the server's message. */
async function call<T>(method: HttpMethod, url: string, body?: unknown, auth = true): Promise<T> {
  const result = await http.request<T>(method, url, { auth, ...(body === undefined ? {} : { body }) });
  if (!result.ok) throw new Error(httpErrorTextWithFields(result.status, result.data));
  return result.data;
}

export const workspacesKey = ['workspaces'] as const;

export const fetchWorkspaces = () => call<Workspaces>('GET', '/api/workspaces/');
export const switchWorkspace = (workspaceId: number) =>
  call<Workspaces>('PUT', '/api/workspaces/current/', { workspace_id: workspaceId });
export const createWorkspace = (name: string) => call<Workspaces>('POST', '/api/workspaces/', { name });
export const renameWorkspace = (id: number, name: string) =>
  call<Workspaces>('PATCH', `/api/workspaces/${id}/`, { name });

export const fetchMembers = (workspaceId: number) =>
  call<WorkspaceMember[]>('GET', `/api/workspaces/${workspaceId}/members/`);
export const setMemberRole = (workspaceId: number, userId: number, role: WorkspaceRole) =>
  call<WorkspaceMember[]>('PATCH', `/api/workspaces/${workspaceId}/members/${userId}/`, { role });
export const removeMember = (workspaceId: number, userId: number) =>
  call<void>('DELETE', `/api/workspaces/${workspaceId}/members/${userId}/`);

export const fetchPendingInvitations = (workspaceId: number) =>
  call<WorkspaceInvitation[]>('GET', `/api/workspaces/${workspaceId}/invitations/`);
export const invite = (workspaceId: number, email: string, role: WorkspaceRole) =>
  call<WorkspaceInvitation>('POST', `/api/workspaces/${workspaceId}/invitations/`, { email, role });
export const revokeInvitation = (workspaceId: number, invitationId: number) =>
  call<void>('DELETE', `/api/workspaces/${workspaceId}/invitations/${invitationId}/`);

export const checkInvitation = (code: string) =>
  call<WorkspaceInvitation>('GET', `/api/invitations/?code=${encodeURIComponent(code)}`, undefined, false);
export const acceptInvitation = (code: string) =>
  call<{ workspace_id: number; role: WorkspaceRole }>('POST', '/api/invitations/accept/', { code });
export const fetchMyInvitations = () => call<WorkspaceInvitation[]>('GET', '/api/invitations/mine/');
export const acceptMyInvitation = (id: number) =>
  call<{ workspace_id: number; role: WorkspaceRole }>('POST', `/api/invitations/${id}/accept/`);

export const sendVerification = () => call<{ detail: string }>('POST', '/api/accounts/me/verification/');
export const verifyEmail = (code: string) =>
  call<{ detail: string; email: string }>('POST', '/api/accounts/verify-email/', { code }, false);

/**
 * Everything on screen belongs to the workspace that was current: after a switch the app starts again
 * from the instruments page, so no list of the former workspace stays cached.
 */
export function reopenApp(): void {
  window.location.assign('/app/devices/');
}
