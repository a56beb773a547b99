// A template's integration events and the two detection settings the processing core already reads
// (docs/processing.md "Integration events"): timed events as ChemStation, Empower and Chromeleon methods
// carry them, the reporting threshold in percent of the total area, and negative-peak detection. Null
// keeps the core's default; the columns lie beside spec §3's groups, never inside them.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table "postprocessingTemplates" add column integration_events jsonb`.execute(db);
  await sql`alter table "postprocessingTemplates" add column reporting_threshold_percent double precision check (reporting_threshold_percent >= 0 and reporting_threshold_percent <= 100)`.execute(
    db,
  );
  await sql`alter table "postprocessingTemplates" add column peak_detection_negative_peaks boolean`.execute(
    db,
  );
}
