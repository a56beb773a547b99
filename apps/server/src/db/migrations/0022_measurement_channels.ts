// Channels of a run (docs/formats.md, "Channels"): an imported Agilent .D or Waters .raw run keeps each
// detector signal as a measurement of its own — so processing, templates, results and reports work per
// channel unchanged — linked to the run's first channel, which stands for the run; `channel_name` is the
// signal's own description ("DAD A, Sig=254,10 Ref=off"). A measurement of one signal has neither.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table measurements
      add column channel_of_id integer references measurements(id) on delete set null,
      add column channel_name text`.execute(db);
  await sql`create index measurements_channel_of on measurements (channel_of_id) where channel_of_id is not null`.execute(
    db,
  );
}
