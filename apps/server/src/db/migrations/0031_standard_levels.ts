// Standards entered once (docs/assay.md "Standards entered once"): a standard's row in a sequence table may
// name a calibration level of the sequence template's component table (1 = the lowest); its amounts are then
// read from that table, as Chromeleon's amount table and level column do. Null: the standard's own amounts.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table drafts add column calibration_level integer check (calibration_level between 1 and 50)`.execute(
    db,
  );
}
