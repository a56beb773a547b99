// Results: the result a user picks as a measurement's current one (else the newest version counts), and
// reprocessing jobs over an explicit list of measurements, resolved when the job is created.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table measurements add column current_result_id integer references processing_results(id) on delete set null`.execute(
    db,
  );
  await sql`alter table processing_jobs add column measurement_ids integer[] not null default '{}'`.execute(
    db,
  );
  await sql`alter table processing_jobs drop constraint processing_jobs_scope_check`.execute(db);
  await sql`alter table processing_jobs add constraint processing_jobs_scope_check check (scope in ('measurement', 'measurements', 'sequence'))`.execute(
    db,
  );
  await sql`alter table processing_jobs alter column target_id drop not null`.execute(db);
  await sql`create index processing_results_job on processing_results (job_id) where job_id is not null`.execute(
    db,
  );
}
