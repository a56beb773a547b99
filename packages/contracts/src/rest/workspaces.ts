// Workspaces, members and invitations over REST (docs/roles.md): the answers the server returns, as zod
// schemas the web app reads them with (its edge) and the types both sides share.
import { z } from 'zod';
import { workspaceRoles } from '../roles.ts';

const role = z.enum(workspaceRoles);
const id = z.number().int();

/** One workspace the user belongs to, with its role there. */
export const workspaceSchema = z.object({
  id,
  name: z.string(),
  personal: z.boolean(),
  role,
  current: z.boolean(),
});
export type Workspace = z.infer<typeof workspaceSchema>;

/** GET /api/workspaces/ (and the answer of switching, creating and renaming). */
export const workspacesSchema = z.object({
  current: workspaceSchema,
  workspaces: z.array(workspaceSchema),
  /** Whether the account's address is verified (an unverified account cannot invite). */
  email_verified: z.boolean(),
});
export type Workspaces = z.infer<typeof workspacesSchema>;

/** GET /api/workspaces/{id}/members/ */
export const workspaceMemberSchema = z.object({
  user_id: id,
  email: z.string(),
  role,
  email_verified: z.boolean(),
  created_at: z.string(),
});
export type WorkspaceMember = z.infer<typeof workspaceMemberSchema>;

/** A pending invitation (GET …/invitations/, GET /api/invitations/?code=, /api/invitations/mine/). */
export const workspaceInvitationSchema = z.object({
  id,
  workspace_id: id,
  workspace_name: z.string(),
  email: z.string(),
  role,
  invited_by: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type WorkspaceInvitation = z.infer<typeof workspaceInvitationSchema>;

/** POST /api/invitations/accept/ and /api/invitations/{id}/accept/: the workspace joined, with the role. */
export const invitationAcceptedSchema = z.object({ workspace_id: id, role });
export type InvitationAccepted = z.infer<typeof invitationAcceptedSchema>;
