// Indexes for the GraphQL lists: trigram indexes make the name search (ILIKE '%text%') an index scan on
// PostgreSQL; the keyset convention (id below a cursor, id descending) uses the owner list indexes.
// pg_trgm is optional: where the extension cannot be created (PGlite without it loaded), search scans
// the caller's rows, which the owner index already narrows.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    do $$
    begin
      create extension if not exists pg_trgm;
      create index if not exists methods_name_trgm on methods using gin (name gin_trgm_ops);
      create index if not exists templates_name_trgm on "postprocessingTemplates" using gin (name gin_trgm_ops);
    exception when others then
      raise notice 'pg_trgm unavailable, name search without trigram index: %', sqlerrm;
    end
    $$`.execute(db);
  await sql`create index if not exists samples_owner on samples (owner_id, id desc)`.execute(db);
  await sql`create index if not exists sequences_owner on sequences (owner_id, id desc)`.execute(db);
  await sql`create index if not exists measurements_owner on measurements (owner_id, id desc)`.execute(db);
  await sql`create index if not exists injections_sample on injections (sample_id)`.execute(db);
  await sql`create index if not exists standards_sample on standards (sample_id)`.execute(db);
}
