// Saved overlays: an overlay of chromatograms kept as an object of a workspace (docs/overlays.md) — its
// measurements in order, layout, normalisation and hidden traces as JSON lists — and share tokens that
// name one (object_type 'overlay').
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table overlays (
      id serial primary key,
      owner_id integer not null references users(id) on delete cascade,
      workspace_id integer not null references workspaces(id) on delete cascade,
      name text not null,
      measurement_ids jsonb not null,
      layout text not null check (layout in ('overlay', 'offset', 'stacked')),
      normalisation text not null check (normalisation in ('none', 'largest', 'peak')),
      peak_time_min double precision,
      hidden_ids jsonb not null default '[]'::jsonb,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index overlays_workspace on overlays (workspace_id, id)`.execute(db);
  await sql`alter table "shareTokens" drop constraint "shareTokens_object_type_check"`.execute(db);
  await sql`alter table "shareTokens" add constraint "shareTokens_object_type_check" check (object_type in ('sample', 'injection', 'sequence', 'overlay'))`.execute(
    db,
  );
}
