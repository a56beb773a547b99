// Kysely table types. Each migration that adds a table adds its interface here.
import type { ColumnType, Generated, Kysely, Transaction } from 'kysely';
import type { DomainTables } from './domain-schema.ts';
import type { OverlaysTables } from './overlays-schema.ts';
import type { SequencesTables } from './sequences-schema.ts';
import type { SignaturesTables } from './signatures-schema.ts';
import type { WorkspacesTables } from './workspaces-schema.ts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string | null;
  google_subject: string | null;
  is_active: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
  last_login_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Raised to end every session of the user; tokens carry it as `ver`. */
  token_version: ColumnType<number, number | undefined, number>;
  /** When the user proved the address (a verification link, or an invitation sent to it); null: not yet. */
  email_verified_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The workspace new objects go into and reads cover (docs/roles.md). */
  current_workspace_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The person's full name as signatures and reports print it (migration 0024); '' until given. */
  full_name: ColumnType<string, string | undefined, string>;
}

export interface RefreshTokensTable {
  jti: string;
  user_id: number;
  expires_at: Timestamp;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
}

/** A signed-out session (POST /api/token/logout/): every token carrying its `sid` is refused. */
export interface EndedSessionsTable {
  sid: string;
  user_id: number;
  ended_at: Timestamp;
}

export interface PasswordResetsTable {
  code_hash: string;
  user_id: number;
  expires_at: Timestamp;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
}

export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  email: string;
  message: string;
  created_at: Timestamp;
}

export interface Database
  extends DomainTables, SequencesTables, WorkspacesTables, SignaturesTables, OverlaysTables {
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  ended_sessions: EndedSessionsTable;
  password_resets: PasswordResetsTable;
  contact_messages: ContactMessagesTable;
}

/**
 * What repositories run their SQL on: the root handle, or the transaction the caller is inside. Code inside
 * a transaction must pass that transaction (docs/architecture.md "Transactions").
 */
export type Executor = Kysely<Database> | Transaction<Database>;

/** Who a new row belongs to: its creator (`owner_id`) and its workspace (`workspace_id`). */
export interface RowOwner {
  userId: number;
  workspaceId: number;
}
