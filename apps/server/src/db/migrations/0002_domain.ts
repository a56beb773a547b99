// The lab domain: instruments, methods, templates, samples and standards, sequences, injections,
// measurements with their signal chunks, processing results and peaks, share tokens and the audit trail.
// Table names are the GraphQL (Hasura) names, so constraint names match Hasura's error texts.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table devices (
      id serial primary key,
      owner_id integer references users(id) on delete set null,
      serial_number text not null unique,
      name text not null,
      pairing_code_hash text not null,
      credential_hash text,
      firmware_version text not null default '',
      hardware_configuration jsonb not null default '[]',
      installed_column jsonb,
      wifi jsonb,
      state text not null default 'offline' check (state in ('offline', 'idle', 'running', 'paused', 'error')),
      position integer not null default 0,
      last_seen_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index devices_owner on devices (owner_id, position, id)`.execute(db);

  await sql`
    create table methods (
      id serial primary key,
      owner_id integer references users(id) on delete cascade,
      name text not null,
      comment text,
      archived boolean not null default false,
      favorite boolean not null default false,
      editable boolean not null default true,
      is_example boolean not null default false,
      analog_signal_description text,
      analog_signal_type text,
      buffer text,
      mobile_phase text,
      solvents jsonb,
      gradient jsonb,
      flow_rate_ml_per_min double precision,
      refill_flow_rate_ml_per_min double precision,
      syringe_refill_speed double precision,
      run_time_min double precision,
      run_time_ms integer,
      temperature double precision,
      pressure_min double precision,
      pressure_reach_sec double precision,
      measurements jsonb,
      hardware_configuration jsonb not null default '[]',
      detector_single_channel jsonb,
      calibration_delay_sec double precision,
      injection_ul double precision,
      injection_ms integer,
      injection_sec double precision,
      injection_delay_sec double precision,
      needle_depth_mm double precision,
      wash_after_injection boolean,
      shaking_duration_ms integer,
      shaking_duration_sec double precision,
      fraction_collector_interval_sec double precision,
      fraction_collector_start_delay_sec double precision,
      fraction_collector_starts_with_vial integer,
      valve_routine jsonb,
      valve_initial_position integer,
      valve_does_change_position boolean,
      valve_change_position_after_sec double precision,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index methods_owner_list on methods (owner_id, archived, favorite desc, id desc)`.execute(
    db,
  );

  await sql`
    create table "postprocessingTemplates" (
      id serial primary key,
      uuid uuid not null,
      owner_id integer references users(id) on delete cascade,
      name text not null,
      is_archived boolean not null default false,
      is_favorite boolean not null default false,
      algorithm_base text not null default 'none',
      algorithm_binj text not null default 'none',
      algorithm_pdet text not null default 'default',
      algorithm_peak text not null default 'default',
      algorithm_nois text not null default 'none',
      params_pdet jsonb not null default '{}',
      params_peak jsonb not null default '{}',
      params_base jsonb not null default '{}',
      params_binj jsonb not null default '{}',
      params_nois jsonb not null default '{}',
      params_dtim jsonb not null default '{}',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint "postprocessingTemplates_uuid_key" unique (uuid)
    )`.execute(db);
  await sql`create index templates_owner_list on "postprocessingTemplates" (owner_id, is_archived, is_favorite desc, id desc)`.execute(
    db,
  );

  await sql`
    create table samples (
      id serial primary key,
      owner_id integer not null references users(id) on delete cascade,
      name text not null,
      type text not null default 'sample' check (type in ('sample', 'standard', 'blank')),
      description text not null default '',
      device_id integer references devices(id) on delete set null,
      method_id integer references methods(id) on delete set null,
      column_name text,
      created_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table standards (
      id serial primary key,
      owner_id integer not null references users(id) on delete cascade,
      sample_id integer not null references samples(id) on delete cascade,
      analyte text not null,
      amount double precision,
      amount_unit text not null default 'µg/mL',
      retention_time_sec double precision,
      window_sec double precision not null default 6,
      created_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table sequences (
      id serial primary key,
      owner_id integer not null references users(id) on delete cascade,
      device_id integer references devices(id) on delete set null,
      name text not null,
      method_id integer references methods(id) on delete set null,
      template_uuid uuid references "postprocessingTemplates"(uuid) on delete set null,
      state text not null default 'NEW' check (state in ('NEW', 'RUNNING', 'PAUSED', 'FINISHED', 'STOPPED', 'ERROR')),
      current_draft_id integer,
      current_injection_id integer,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      started_at timestamptz,
      finished_at timestamptz
    )`.execute(db);

  await sql`
    create table drafts (
      id serial primary key,
      owner_id integer not null references users(id) on delete cascade,
      sequence_id integer not null references sequences(id) on delete cascade,
      position integer not null default 0,
      sample_id integer references samples(id) on delete set null,
      vial integer,
      injections_count integer not null default 1 check (injections_count between 1 and 100),
      method_id integer references methods(id) on delete set null,
      enabled boolean not null default true,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index drafts_sequence on drafts (sequence_id, position, id)`.execute(db);

  await sql`
    create table injections (
      id serial primary key,
      owner_id integer not null references users(id) on delete cascade,
      sequence_id integer references sequences(id) on delete set null,
      draft_id integer references drafts(id) on delete set null,
      sample_id integer references samples(id) on delete set null,
      device_id integer references devices(id) on delete set null,
      method_id integer references methods(id) on delete set null,
      method_snapshot jsonb,
      replicate integer not null default 1,
      vial integer,
      state text not null default 'pending' check (state in ('pending', 'running', 'finished', 'failed', 'stopped')),
      started_at timestamptz,
      finished_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table measurements (
      id serial primary key,
      owner_id integer not null references users(id) on delete cascade,
      injection_id integer references injections(id) on delete set null,
      device_id integer references devices(id) on delete set null,
      sample_id integer references samples(id) on delete set null,
      name text not null default '',
      source text not null default 'device' check (source in ('device', 'import')),
      state text not null default 'recording' check (state in ('recording', 'complete', 'failed')),
      signal_unit text not null default 'mAU',
      sampling_interval_sec double precision,
      points_count integer not null default 0,
      duration_sec double precision not null default 0,
      metadata jsonb not null default '{}',
      created_at timestamptz not null default now(),
      finished_at timestamptz
    )`.execute(db);

  await sql`
    create table measurement_chunks (
      measurement_id integer not null references measurements(id) on delete cascade,
      chunk_index integer not null,
      time_sec double precision[] not null,
      signal double precision[] not null,
      pressure_bar double precision[],
      created_at timestamptz not null default now(),
      primary key (measurement_id, chunk_index)
    )`.execute(db);

  await sql`
    create table processing_results (
      id serial primary key,
      owner_id integer not null references users(id) on delete cascade,
      measurement_id integer not null references measurements(id) on delete cascade,
      version integer not null,
      kind text not null default 'automatic' check (kind in ('automatic', 'manual')),
      template_uuid uuid,
      template_snapshot jsonb not null,
      algorithm_versions jsonb not null default '{}',
      figures jsonb not null default '{}',
      errors jsonb not null default '[]',
      reason text,
      created_by integer references users(id) on delete set null,
      created_at timestamptz not null default now(),
      unique (measurement_id, version)
    )`.execute(db);

  await sql`
    create table peaks (
      id serial primary key,
      owner_id integer not null references users(id) on delete cascade,
      result_id integer not null references processing_results(id) on delete cascade,
      measurement_id integer not null references measurements(id) on delete cascade,
      number integer not null,
      name text,
      retention_time_sec double precision not null,
      start_sec double precision not null,
      end_sec double precision not null,
      baseline_start double precision,
      baseline_end double precision,
      area double precision not null,
      area_percent double precision,
      height double precision,
      height_percent double precision,
      width_half_sec double precision,
      width_base_sec double precision,
      tailing double precision,
      asymmetry double precision,
      plates_half double precision,
      plates_tangent double precision,
      resolution double precision,
      retention_factor double precision,
      signal_to_noise double precision,
      amount double precision,
      amount_unit text
    )`.execute(db);
  await sql`create index peaks_result on peaks (result_id, number)`.execute(db);

  await sql`
    create table "shareTokens" (
      id serial primary key,
      owner_id integer not null references users(id) on delete cascade,
      token text not null unique,
      object_type text not null check (object_type in ('sample', 'injection', 'sequence')),
      object_id integer not null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      revoked_at timestamptz
    )`.execute(db);

  await sql`
    create table "auditEvents" (
      id bigserial primary key,
      user_id integer references users(id) on delete set null,
      at timestamptz not null default now(),
      entity text not null,
      entity_id text not null,
      action text not null,
      old_values jsonb,
      new_values jsonb,
      reason text
    )`.execute(db);
  await sql`create index audit_entity on "auditEvents" (entity, entity_id, at)`.execute(db);
  await sql`create index audit_user on "auditEvents" (user_id, id desc)`.execute(db);
}
