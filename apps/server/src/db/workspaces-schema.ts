// Kysely types of workspaces, their members and invitations, and e-mail verification codes (0011_workspaces).
import type { ColumnType, Generated } from 'kysely';
import type { WorkspaceRole } from '@eluent/contracts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface WorkspacesTable {
  id: Generated<number>;
  name: string;
  /** Made at sign-up for the new user alone; it can still take members like any other. */
  personal: ColumnType<boolean, boolean | undefined, boolean>;
  created_by: Nullable<number>;
  created_at: Timestamp;
}

export interface WorkspaceMembersTable {
  workspace_id: number;
  user_id: number;
  role: WorkspaceRole;
  created_at: Timestamp;
}

export interface WorkspaceInvitationsTable {
  id: Generated<number>;
  workspace_id: number;
  email: string;
  role: WorkspaceRole;
  code_hash: string;
  invited_by: Nullable<number>;
  created_at: Timestamp;
  expires_at: Timestamp;
  accepted_at: NullableTimestamp;
  accepted_by: Nullable<number>;
  revoked_at: NullableTimestamp;
}

export interface EmailVerificationsTable {
  code_hash: string;
  user_id: number;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface WorkspacesTables {
  workspaces: WorkspacesTable;
  workspace_members: WorkspaceMembersTable;
  workspace_invitations: WorkspaceInvitationsTable;
  email_verifications: EmailVerificationsTable;
}
