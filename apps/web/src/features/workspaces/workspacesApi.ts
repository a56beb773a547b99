// Workspaces, members, invitations and e-mail verification over REST (docs/roles.md). Every answer is read
// with its contracts schema (the web's edge, api/parse.ts): a body of another shape is an error, not data.
import {
  detailAnswerSchema,
  emailVerifiedSchema,
  invitationAcceptedSchema,
  workspaceInvitationSchema,
  workspaceMemberSchema,
  workspacesSchema,
  type WorkspaceRole,
} from '@eluent/contracts';
import { http } from '../../api/client.ts';
import { httpErrorTextWithFields } from '../../api/errors.ts';
import type { HttpMethod } from '../../api/http.ts';
import { listOf, parseAnswer, type AnswerSchema } from '../../api/parse.ts';

export type { Workspace, WorkspaceInvitation, WorkspaceMember, Workspaces } from '@eluent/contracts';

/** A failed call as an Error carrying the server's message; an answer read with `schema`. */
async function call<T>(
  schema: AnswerSchema<T>,
  method: HttpMethod,
  url: string,
  body?: unknown,
  auth = true,
): Promise<T> {
  const result = await http.request<unknown>(method, url, { auth, ...(body === undefined ? {} : { body }) });
  if (!result.ok) throw new Error(httpErrorTextWithFields(result.status, result.data));
  return parseAnswer(schema, result.data, `${method} ${url.split('?')[0]}`);
}

/** A call answered 204 (no body). */
async function callWithoutAnswer(method: HttpMethod, url: string): Promise<void> {
  const result = await http.request<unknown>(method, url, { auth: true });
  if (!result.ok) throw new Error(httpErrorTextWithFields(result.status, result.data));
}

const members = listOf(workspaceMemberSchema);
const invitations = listOf(workspaceInvitationSchema);

export const workspacesKey = ['workspaces'] as const;

export const fetchWorkspaces = () => call(workspacesSchema, 'GET', '/api/workspaces/');
export const switchWorkspace = (workspaceId: number) =>
  call(workspacesSchema, 'PUT', '/api/workspaces/current/', { workspace_id: workspaceId });
export const createWorkspace = (name: string) => call(workspacesSchema, 'POST', '/api/workspaces/', { name });
export const renameWorkspace = (id: number, name: string) =>
  call(workspacesSchema, 'PATCH', `/api/workspaces/${id}/`, { name });

export const fetchMembers = (workspaceId: number) =>
  call(members, 'GET', `/api/workspaces/${workspaceId}/members/`);
export const setMemberRole = (workspaceId: number, userId: number, role: WorkspaceRole) =>
  call(members, 'PATCH', `/api/workspaces/${workspaceId}/members/${userId}/`, { role });
export const removeMember = (workspaceId: number, userId: number) =>
  callWithoutAnswer('DELETE', `/api/workspaces/${workspaceId}/members/${userId}/`);

export const fetchPendingInvitations = (workspaceId: number) =>
  call(invitations, 'GET', `/api/workspaces/${workspaceId}/invitations/`);
export const invite = (workspaceId: number, email: string, role: WorkspaceRole) =>
  call(workspaceInvitationSchema, 'POST', `/api/workspaces/${workspaceId}/invitations/`, { email, role });
export const revokeInvitation = (workspaceId: number, invitationId: number) =>
  callWithoutAnswer('DELETE', `/api/workspaces/${workspaceId}/invitations/${invitationId}/`);

export const checkInvitation = (code: string) =>
  call(
    workspaceInvitationSchema,
    'GET',
    `/api/invitations/?code=${encodeURIComponent(code)}`,
    undefined,
    false,
  );
export const acceptInvitation = (code: string) =>
  call(invitationAcceptedSchema, 'POST', '/api/invitations/accept/', { code });
export const fetchMyInvitations = () => call(invitations, 'GET', '/api/invitations/mine/');
export const acceptMyInvitation = (id: number) =>
  call(invitationAcceptedSchema, 'POST', `/api/invitations/${id}/accept/`);

export const sendVerification = () => call(detailAnswerSchema, 'POST', '/api/accounts/me/verification/');
export const verifyEmail = (code: string) =>
  call(emailVerifiedSchema, 'POST', '/api/accounts/verify-email/', { code }, false);

/**
 * Everything on screen belongs to the workspace that was current: after a switch the app starts again
 * from the instruments page, so no list of the former workspace stays cached.
 */
export function reopenApp(): void {
  window.location.assign('/app/devices/');
}
