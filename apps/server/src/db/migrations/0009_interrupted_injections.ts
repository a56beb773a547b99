// Interrupted injections: a run the instrument lost (server restart, instrument gone or restarted) is kept
// with its points and a reason, and the user decides whether the sequence goes on with the next row or
// runs that row again (`requeued`).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table injections drop constraint injections_state_check`.execute(db);
  await sql`alter table injections add constraint injections_state_check check (state in ('pending', 'running', 'finished', 'failed', 'stopped', 'interrupted'))`.execute(
    db,
  );
  await sql`alter table injections add column interrupted_reason text`.execute(db);
  await sql`alter table injections add column requeued boolean not null default false`.execute(db);
  await sql`create index injections_unfinished on injections (id) where state in ('pending', 'running')`.execute(
    db,
  );
}
