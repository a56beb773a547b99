// The vendor's own peak table of an imported AIA file (docs/formats.md "Vendor peak tables"): the rows as
// the reader gives them (times in seconds, `null` where the file has none), kept beside our results so the
// viewer can compare them and the AIA export can write them back. One table per measurement, so per channel
// for a run; deleting the measurement deletes its table.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table measurement_vendor_peak_tables (
      measurement_id integer primary key references measurements(id) on delete cascade,
      peaks jsonb not null,
      created_at timestamptz not null default now()
    )`.execute(db);
}
