// Sequences and results: per-analyte calibrations of a sequence, background reprocessing jobs, the error
// a sequence stopped with, and the lineage of processing results (manual edits and reprocessing jobs).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sequences add column error_code text`.execute(db);
  await sql`alter table processing_results add column parent_result_id integer references processing_results(id) on delete set null`.execute(
    db,
  );
  await sql`alter table processing_results add column job_id integer`.execute(db);
  await sql`create index processing_results_measurement on processing_results (measurement_id, version desc)`.execute(
    db,
  );
  await sql`create index injections_sequence on injections (sequence_id, id)`.execute(db);
  await sql`create index measurements_injection on measurements (injection_id)`.execute(db);

  await sql`
    create table calibrations (
      id serial primary key,
      owner_id integer not null references users(id) on delete cascade,
      sequence_id integer not null references sequences(id) on delete cascade,
      analyte text not null,
      amount_unit text not null,
      model text not null check (model in ('single_point', 'linear')),
      slope double precision not null,
      intercept double precision not null,
      r_squared double precision,
      points jsonb not null,
      created_at timestamptz not null default now(),
      unique (sequence_id, analyte)
    )`.execute(db);

  await sql`
    create table processing_jobs (
      id serial primary key,
      owner_id integer not null references users(id) on delete cascade,
      scope text not null check (scope in ('measurement', 'sequence')),
      target_id integer not null,
      template_uuid uuid,
      template_snapshot jsonb not null,
      state text not null default 'queued' check (state in ('queued', 'running', 'finished', 'failed')),
      total integer not null default 0,
      done integer not null default 0,
      error text,
      created_at timestamptz not null default now(),
      started_at timestamptz,
      finished_at timestamptz
    )`.execute(db);
  await sql`create index processing_jobs_owner on processing_jobs (owner_id, id desc)`.execute(db);
  await sql`create index processing_jobs_state on processing_jobs (state, id)`.execute(db);
}
