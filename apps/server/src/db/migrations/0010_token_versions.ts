// A token version per user: every access and refresh token carries the version it was issued under, and
// raising it (password reset, a refresh token presented twice) ends every session of that user at once.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column token_version integer not null default 0`.execute(db);
}
