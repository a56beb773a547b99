// Components of a processing template (name, expected retention time, window, calibration model and
// weighting, unit, levels) as one JSON list on the template, so a result's template snapshot carries them;
// calibrations record every model, the weighting, the curvature of a quadratic, each point's residual and,
// when a component could not be calibrated, why (the curve columns are then null).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table "postprocessingTemplates" add column components jsonb not null default '[]'::jsonb`.execute(
    db,
  );
  await sql`alter table calibrations drop constraint calibrations_model_check`.execute(db);
  await sql`alter table calibrations add constraint calibrations_model_check check (model in ('single_point', 'linear', 'linear_through_origin', 'quadratic', 'average_response_factor'))`.execute(
    db,
  );
  await sql`alter table calibrations add column weighting text not null default 'none' check (weighting in ('none', '1/x', '1/x2'))`.execute(
    db,
  );
  await sql`alter table calibrations add column curvature double precision not null default 0`.execute(db);
  await sql`alter table calibrations add column residual_sd double precision`.execute(db);
  await sql`alter table calibrations add column residuals jsonb not null default '[]'::jsonb`.execute(db);
  await sql`alter table calibrations add column problem jsonb`.execute(db);
  await sql`alter table calibrations alter column slope drop not null`.execute(db);
  await sql`alter table calibrations alter column intercept drop not null`.execute(db);
}
