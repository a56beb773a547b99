// Imports as jobs (docs/performance.md "Import jobs"): one row per import answered 202, with its phase and
// progress, so any process can answer how it stands and the reconciler can fail one whose process died.
// Beside it, a method's policy on an interrupted injection (docs/sequences.md "Interrupted injections").
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table import_jobs (
      id serial primary key,
      owner_id integer not null references users(id) on delete cascade,
      workspace_id integer not null references workspaces(id) on delete cascade,
      file_name text not null,
      status text not null default 'queued' check (status in
        ('queued', 'reading', 'processing', 'storing', 'done', 'failed', 'cancelled')),
      bytes_total bigint not null default 0,
      bytes_read bigint not null default 0,
      points_total integer,
      points_stored integer not null default 0,
      cancel_requested boolean not null default false,
      error text,
      error_code text,
      measurement_id integer references measurements(id) on delete set null,
      result jsonb,
      created_at timestamptz not null default now(),
      finished_at timestamptz
    )`.execute(db);
  await sql`create index import_jobs_unfinished on import_jobs (status, id)`.execute(db);
  await sql`
    alter table methods add column on_interrupted_injection text not null default 'pause'
      check (on_interrupted_injection in ('pause', 'reinject_once', 'skip'))`.execute(db);
}
