// Samples as a lab enters them and assay calibration (docs/assay.md): each row of a sequence table carries
// the sample's weight (mg), its dilution factor, the injection volume it runs with (null: the method's) and
// whether a standard on it is a check standard (verified against the curve, not calibrating); a template
// chooses how its calibration takes the standards (the whole sequence, or the standards bracketing each
// sample); a bracketed calibration keeps one curve per bracket (0: the whole sequence's).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table drafts add column weight_mg double precision check (weight_mg > 0)`.execute(db);
  await sql`alter table drafts add column dilution double precision check (dilution > 0)`.execute(db);
  await sql`alter table drafts add column injection_ul double precision check (injection_ul > 0)`.execute(db);
  await sql`alter table drafts add column check_standard boolean not null default false`.execute(db);
  await sql`alter table "postprocessingTemplates" add column calibration_mode text not null default 'total' check (calibration_mode in ('total', 'bracketed'))`.execute(
    db,
  );
  await sql`alter table calibrations add column bracket integer not null default 0`.execute(db);
  await sql`alter table calibrations drop constraint calibrations_sequence_id_analyte_key`.execute(db);
  await sql`alter table calibrations add constraint calibrations_sequence_analyte_bracket unique (sequence_id, analyte, bracket)`.execute(
    db,
  );
}
