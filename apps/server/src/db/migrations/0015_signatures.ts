// Electronic signatures of processing results and record numbers (docs/signatures.md): who signed (id, name and e-mail address
// at the time), the meaning, the server's UTC time, the review state before and after, and the SHA-256 of
// the exact result versions covered, each covered version with its own hash. Signatures are records: the
// database refuses UPDATE and DELETE on both tables, so a signature outlives any change of what it signed
// and then shows as no longer valid.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table result_signatures (
      id serial primary key,
      workspace_id integer not null references workspaces (id),
      subject_kind text not null check (subject_kind in ('sequence', 'measurement')),
      subject_id integer not null,
      signer_id integer not null,
      signer_name text not null,
      signer_email text not null,
      meaning text not null check (meaning in ('authored', 'reviewed', 'approved', 'rejected')),
      reason text,
      state_before text not null,
      state_after text not null,
      content_sha256 text not null,
      signed_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index result_signatures_subject on result_signatures (subject_kind, subject_id, id)`.execute(
    db,
  );
  await sql`
    create table result_signature_items (
      signature_id integer not null references result_signatures (id),
      measurement_id integer not null,
      injection_id integer,
      result_id integer not null,
      result_version integer not null,
      content_sha256 text not null,
      primary key (signature_id, measurement_id)
    )`.execute(db);
  await sql`create index result_signature_items_measurement on result_signature_items (measurement_id)`.execute(
    db,
  );
  await sql`
    create function result_signature_refuse() returns trigger language plpgsql as $$
    begin
      raise exception 'signatures are records: % on % is refused', tg_op, tg_table_name
        using errcode = 'insufficient_privilege';
    end
    $$`.execute(db);
  for (const table of ['result_signatures', 'result_signature_items']) {
    await sql`create trigger ${sql.raw(`${table}_no_change`)} before update or delete on ${sql.table(table)} for each row execute function result_signature_refuse()`.execute(
      db,
    );
  }
  await recordNumbers(db);
}

/**
 * Record numbers without gaps per workspace (issue 18 part 4): one counter row per workspace and kind,
 * raised in the transaction of the insert that takes the number (a rolled-back insert gives its number
 * back), serialised by the counter row's lock. Sequences take theirs in a trigger, so every write path
 * (REST, GraphQL) numbers alike; issued reports in the insert of their record.
 */
async function recordNumbers(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table record_counters (
      workspace_id integer not null references workspaces (id),
      kind text not null check (kind in ('sequence', 'report')),
      last_number integer not null,
      primary key (workspace_id, kind)
    )`.execute(db);
  await sql`
    create function next_record_number(workspace integer, record_kind text) returns integer
    language sql volatile as $$
      insert into record_counters (workspace_id, kind, last_number) values (workspace, record_kind, 1)
      on conflict (workspace_id, kind) do update set last_number = record_counters.last_number + 1
      returning last_number
    $$`.execute(db);
  // A sequence keeps its number after it is deleted: the register has no holes.
  await sql`
    create table sequence_records (
      sequence_id integer primary key,
      workspace_id integer not null,
      number integer not null,
      unique (workspace_id, number)
    )`.execute(db);
  await sql`
    create function sequence_record_number() returns trigger language plpgsql as $$
    begin
      insert into sequence_records (sequence_id, workspace_id, number)
      values (new.id, new.workspace_id, next_record_number(new.workspace_id, 'sequence'));
      return new;
    end
    $$`.execute(db);
  await sql`
    insert into sequence_records (sequence_id, workspace_id, number)
    select id, workspace_id, row_number() over (partition by workspace_id order by id) from sequences`.execute(
    db,
  );
  await sql`
    insert into record_counters (workspace_id, kind, last_number)
    select workspace_id, 'sequence', max(number) from sequence_records group by workspace_id`.execute(db);
  await sql`create trigger sequence_record_number after insert on sequences for each row execute function sequence_record_number()`.execute(
    db,
  );
  await sql`
    create table issued_reports (
      id serial primary key,
      workspace_id integer not null references workspaces (id),
      number integer not null,
      kind text not null check (kind in ('sequence', 'injection')),
      subject_id integer not null,
      issued_by integer not null,
      issued_at timestamptz not null default now(),
      unique (workspace_id, number)
    )`.execute(db);
}
