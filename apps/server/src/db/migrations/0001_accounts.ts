import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table users (
      id serial primary key,
      email text not null,
      password_hash text,
      google_subject text unique,
      is_active boolean not null default true,
      created_at timestamptz not null default now(),
      last_login_at timestamptz
    )`.execute(db);
  await sql`create unique index users_email_key on users (lower(email))`.execute(db);
  await sql`
    create table refresh_tokens (
      jti text primary key,
      user_id integer not null references users(id) on delete cascade,
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table password_resets (
      code_hash text primary key,
      user_id integer not null references users(id) on delete cascade,
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table contact_messages (
      id serial primary key,
      name text not null,
      email text not null,
      message text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
}
