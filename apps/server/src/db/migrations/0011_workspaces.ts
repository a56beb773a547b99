// Workspaces: a lab is a workspace with members in roles (analyst, reviewer, admin, auditor); every owned row
// belongs to one, `owner_id` stays its creator. Each existing user gets a personal workspace (as admin) and
// its rows move there, so a single user sees exactly what it saw before. Also: e-mail verification codes
// and workspace invitations (codes stored as SHA-256, like password reset codes). See docs/roles.md.
import { sql, type Kysely } from 'kysely';

/** Tables whose rows belong to a workspace, and whether a row may have none (examples, unclaimed devices). */
const OWNED: Array<{ table: string; nullable: boolean; ownerColumn?: string }> = [
  { table: 'devices', nullable: true },
  { table: 'methods', nullable: true },
  { table: 'postprocessingTemplates', nullable: true },
  { table: 'samples', nullable: false },
  { table: 'standards', nullable: false },
  { table: 'sequences', nullable: false },
  { table: 'drafts', nullable: false },
  { table: 'injections', nullable: false },
  { table: 'measurements', nullable: false },
  { table: 'processing_results', nullable: false },
  { table: 'peaks', nullable: false },
  { table: 'calibrations', nullable: false },
  { table: 'processing_jobs', nullable: false },
  { table: 'shareTokens', nullable: false },
  { table: 'auditEvents', nullable: true, ownerColumn: 'user_id' },
];

const ROLES = sql`('analyst', 'reviewer', 'admin', 'auditor')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table workspaces (
      id serial primary key,
      name text not null,
      personal boolean not null default false,
      created_by integer references users(id) on delete set null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table workspace_members (
      workspace_id integer not null references workspaces(id) on delete cascade,
      user_id integer not null references users(id) on delete cascade,
      role text not null check (role in ${ROLES}),
      created_at timestamptz not null default now(),
      primary key (workspace_id, user_id)
    )`.execute(db);
  await sql`create index workspace_members_user on workspace_members (user_id)`.execute(db);
  await sql`
    create table workspace_invitations (
      id serial primary key,
      workspace_id integer not null references workspaces(id) on delete cascade,
      email text not null,
      role text not null check (role in ${ROLES}),
      code_hash text not null unique,
      invited_by integer references users(id) on delete set null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      accepted_at timestamptz,
      accepted_by integer references users(id) on delete set null,
      revoked_at timestamptz
    )`.execute(db);
  await sql`create index workspace_invitations_workspace on workspace_invitations (workspace_id, id desc)`.execute(
    db,
  );
  await sql`create index workspace_invitations_email on workspace_invitations (lower(email))`.execute(db);
  await sql`
    create table email_verifications (
      code_hash text primary key,
      user_id integer not null references users(id) on delete cascade,
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`alter table users add column email_verified_at timestamptz`.execute(db);
  await sql`alter table users add column current_workspace_id integer references workspaces(id) on delete set null`.execute(
    db,
  );

  // One personal workspace per existing user, its admin, and current.
  await sql`insert into workspaces (name, personal, created_by) select 'Personal', true, id from users order by id`.execute(
    db,
  );
  await sql`insert into workspace_members (workspace_id, user_id, role) select id, created_by, 'admin' from workspaces`.execute(
    db,
  );
  await sql`update users u set current_workspace_id = w.id from workspaces w where w.created_by = u.id`.execute(
    db,
  );

  for (const { table, nullable, ownerColumn } of OWNED) {
    const name = sql.id(table);
    const owner = sql.id(ownerColumn ?? 'owner_id');
    await sql`alter table ${name} add column workspace_id integer references workspaces(id) on delete cascade`.execute(
      db,
    );
    await sql`update ${name} t set workspace_id = u.current_workspace_id from users u where u.id = t.${owner}`.execute(
      db,
    );
    if (!nullable) await sql`alter table ${name} alter column workspace_id set not null`.execute(db);
  }

  await sql`create index devices_workspace on devices (workspace_id, position, id)`.execute(db);
  await sql`create index methods_workspace_list on methods (workspace_id, archived, favorite desc, id desc)`.execute(
    db,
  );
  await sql`create index templates_workspace_list on "postprocessingTemplates" (workspace_id, is_archived, is_favorite desc, id desc)`.execute(
    db,
  );
  for (const table of [
    'samples',
    'sequences',
    'injections',
    'measurements',
    'processing_jobs',
    'shareTokens',
  ]) {
    await sql`create index ${sql.id(`${table}_workspace`)} on ${sql.id(table)} (workspace_id, id desc)`.execute(
      db,
    );
  }
  await sql`create index audit_workspace on "auditEvents" (workspace_id, id desc)`.execute(db);
}
