// Workspaces, members and invitations over REST (docs/roles.md): the answers the server returns and the
// web app reads.
import type { WorkspaceRole } from '../roles.ts';

/** One workspace the user belongs to, with its role there. */
export interface Workspace {
  id: number;
  name: string;
  personal: boolean;
  role: WorkspaceRole;
  current: boolean;
}

/** GET /api/workspaces/ (and the answer of switching, creating and renaming). */
export interface Workspaces {
  current: Workspace;
  workspaces: Workspace[];
  /** Whether the account's address is verified (an unverified account cannot invite). */
  email_verified: boolean;
}

/** GET /api/workspaces/{id}/members/ */
export interface WorkspaceMember {
  user_id: number;
  email: string;
  role: WorkspaceRole;
  email_verified: boolean;
  created_at: string;
}

/** A pending invitation (GET …/invitations/, GET /api/invitations/?code=, /api/invitations/mine/). */
export interface WorkspaceInvitation {
  id: number;
  workspace_id: number;
  workspace_name: string;
  email: string;
  role: WorkspaceRole;
  invited_by: string | null;
  created_at: string;
  expires_at: string;
}
