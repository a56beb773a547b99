// Two guards of issue 31. Sessions that end: a signed-out session's id (`sid`, kept by every token of one
// sign-in through its refreshes) is recorded, and its tokens are refused on every transport.
// Records that stay as signed (docs/signatures.md "Locks"): the database itself refuses a change or a
// deletion of what a signature covers, or of the template and method a signed or running sequence uses,
// whatever path the write takes (REST, GraphQL, the device link, the CLI, a cascade of another delete).
// The services check the same rules first (services/records/record-locks.ts) and answer the catalogue
// code; these triggers are the last guard and raise SQLSTATE EL409 with the catalogue code as the message,
// which every transport maps to the same refusal (`lockRefusal` in errors.ts).
import { sql, type Kysely } from 'kysely';

/** Columns of a sequence that the run moves; everything else is the signed record. */
const runColumns = sql.raw(
  "array['state', 'current_draft_id', 'current_injection_id', 'updated_at', 'started_at', 'finished_at', 'error_code', 'started_by']",
);

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table ended_sessions (
      sid text primary key,
      user_id integer not null,
      ended_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index if not exists result_signature_items_injection on result_signature_items (injection_id)`.execute(
    db,
  );
  await sql`create index if not exists result_signature_items_result on result_signature_items (result_id)`.execute(
    db,
  );
  // The lock of a template or method looks up what uses it on every change of it.
  for (const [name, table, column] of [
    ['processing_results_template', 'processing_results', 'template_uuid'],
    ['sequences_template', 'sequences', 'template_uuid'],
    ['sequences_method', 'sequences', 'method_id'],
    ['drafts_method', 'drafts', 'method_id'],
    ['injections_method', 'injections', 'method_id'],
  ] as const) {
    await sql`create index if not exists ${sql.id(name)} on ${sql.table(table)} (${sql.id(column)})`.execute(
      db,
    );
  }
  await sql`
    create function record_lock_refuse(code text) returns void language plpgsql as $$
    begin
      raise exception '%', code using errcode = 'EL409';
    end
    $$`.execute(db);
  // A sequence is signed when it, or a measurement of one of its injections, carries any signature.
  await sql`
    create function sequence_signed(target integer) returns boolean language sql stable as $$
      select target is not null and (
        exists (select 1 from result_signatures s where s.subject_kind = 'sequence' and s.subject_id = target)
        or exists (select 1 from injections j join result_signature_items i on i.injection_id = j.id
                   where j.sequence_id = target))
    $$`.execute(db);
  await sql`
    create function measurement_signed(target integer) returns boolean language sql stable as $$
      select exists (select 1 from result_signature_items i where i.measurement_id = target)
        or exists (select 1 from result_signatures s where s.subject_kind = 'measurement' and s.subject_id = target)
    $$`.execute(db);

  await sql`
    create function sequences_lock() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        if sequence_signed(old.id) then perform record_lock_refuse('record_signed_locked'); end if;
        return old;
      end if;
      if (to_jsonb(new) - ${runColumns}) is distinct from (to_jsonb(old) - ${runColumns})
         and sequence_signed(old.id) then
        perform record_lock_refuse('record_signed_locked');
      end if;
      return new;
    end
    $$`.execute(db);
  await sql`create trigger sequences_lock before update or delete on sequences for each row execute function sequences_lock()`.execute(
    db,
  );

  await sql`
    create function drafts_lock() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') and sequence_signed(old.sequence_id) then
        perform record_lock_refuse('record_signed_locked');
      end if;
      if tg_op in ('INSERT', 'UPDATE') and sequence_signed(new.sequence_id) then
        perform record_lock_refuse('record_signed_locked');
      end if;
      return case when tg_op = 'DELETE' then old else new end;
    end
    $$`.execute(db);
  await sql`create trigger drafts_lock before insert or update or delete on drafts for each row execute function drafts_lock()`.execute(
    db,
  );

  // Injections: a signed one keeps its references; a signed sequence takes no new one.
  await sql`
    create function injections_lock() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        if sequence_signed(new.sequence_id) then perform record_lock_refuse('record_signed_locked'); end if;
        return new;
      end if;
      if (tg_op = 'DELETE' or (to_jsonb(new) - array['state', 'started_at', 'finished_at', 'interrupted_reason', 'requeued'])
            is distinct from (to_jsonb(old) - array['state', 'started_at', 'finished_at', 'interrupted_reason', 'requeued']))
         and (exists (select 1 from result_signature_items i where i.injection_id = old.id) or sequence_signed(old.sequence_id)) then
        perform record_lock_refuse('record_signed_locked');
      end if;
      return case when tg_op = 'DELETE' then old else new end;
    end
    $$`.execute(db);
  await sql`create trigger injections_lock before insert or update or delete on injections for each row execute function injections_lock()`.execute(
    db,
  );

  // Measurements: only the pointer to the current result version moves (a new version is not an edit).
  await sql`
    create function measurements_lock() returns trigger language plpgsql as $$
    begin
      if (tg_op = 'DELETE' or (to_jsonb(new) - 'current_result_id') is distinct from (to_jsonb(old) - 'current_result_id'))
         and measurement_signed(old.id) then
        perform record_lock_refuse('record_signed_locked');
      end if;
      return case when tg_op = 'DELETE' then old else new end;
    end
    $$`.execute(db);
  await sql`create trigger measurements_lock before update or delete on measurements for each row execute function measurements_lock()`.execute(
    db,
  );
  await sql`
    create function measurement_chunks_lock() returns trigger language plpgsql as $$
    begin
      if measurement_signed(case when tg_op = 'INSERT' then new.measurement_id else old.measurement_id end) then
        perform record_lock_refuse('record_signed_locked');
      end if;
      return case when tg_op = 'DELETE' then old else new end;
    end
    $$`.execute(db);
  await sql`create trigger measurement_chunks_lock before insert or update or delete on measurement_chunks for each row execute function measurement_chunks_lock()`.execute(
    db,
  );

  // A signed result version and its peaks stay as signed. The amounts a calibration change writes in place
  // are the one exception, shown as "changed after signing" (docs/signatures.md).
  await sql`
    create function processing_results_lock() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from result_signature_items i where i.result_id = old.id) then
        perform record_lock_refuse('record_signed_locked');
      end if;
      return case when tg_op = 'DELETE' then old else new end;
    end
    $$`.execute(db);
  await sql`create trigger processing_results_lock before update or delete on processing_results for each row execute function processing_results_lock()`.execute(
    db,
  );
  await sql`
    create function peaks_lock() returns trigger language plpgsql as $$
    begin
      if (tg_op = 'DELETE' or (to_jsonb(new) - array['amount', 'amount_unit']) is distinct from (to_jsonb(old) - array['amount', 'amount_unit']))
         and exists (select 1 from result_signature_items i where i.result_id = old.result_id) then
        perform record_lock_refuse('record_signed_locked');
      end if;
      return case when tg_op = 'DELETE' then old else new end;
    end
    $$`.execute(db);
  await sql`create trigger peaks_lock before update or delete on peaks for each row execute function peaks_lock()`.execute(
    db,
  );

  // Templates and methods in use: favorite and archived flags may change, nothing else, and no deletion;
  // the name of a method only a running sequence uses may change too.
  await sql`
    create function template_lock_code(target uuid) returns text language sql stable as $$
      select case
        when exists (select 1 from sequences s where s.template_uuid = target and sequence_signed(s.id))
          or exists (select 1 from processing_results r join result_signature_items i on i.result_id = r.id
                     where r.template_uuid = target)
          then 'record_signed_locked'
        when exists (select 1 from sequences s where s.template_uuid = target and s.state in ('RUNNING', 'PAUSED'))
          then 'sequence_running_template_locked'
      end
    $$`.execute(db);
  await sql`
    create function templates_lock() returns trigger language plpgsql as $$
    declare
      code text;
    begin
      if tg_op = 'DELETE' or (to_jsonb(new) - array['is_favorite', 'is_archived', 'updated_at'])
            is distinct from (to_jsonb(old) - array['is_favorite', 'is_archived', 'updated_at']) then
        code := template_lock_code(old.uuid);
        if code is not null then perform record_lock_refuse(code); end if;
      end if;
      return case when tg_op = 'DELETE' then old else new end;
    end
    $$`.execute(db);
  await sql`create trigger templates_lock before update or delete on "postprocessingTemplates" for each row execute function templates_lock()`.execute(
    db,
  );
  await sql`
    create function method_lock_code(target integer) returns text language sql stable as $$
      select case
        when exists (select 1 from sequences s where (s.method_id = target
                       or exists (select 1 from drafts d where d.sequence_id = s.id and d.method_id = target))
                     and sequence_signed(s.id))
          or exists (select 1 from injections j join result_signature_items i on i.injection_id = j.id
                     where j.method_id = target)
          then 'record_signed_locked'
        when exists (select 1 from sequences s where s.state in ('RUNNING', 'PAUSED') and (s.method_id = target
                       or exists (select 1 from drafts d where d.sequence_id = s.id and d.method_id = target)))
          then 'sequence_running_method_locked'
      end
    $$`.execute(db);
  await sql`
    create function methods_lock() returns trigger language plpgsql as $$
    declare
      code text;
    begin
      if tg_op = 'DELETE' or (to_jsonb(new) - array['favorite', 'archived', 'updated_at'])
            is distinct from (to_jsonb(old) - array['favorite', 'archived', 'updated_at']) then
        code := method_lock_code(old.id);
        -- A run uses the settings (and keeps a snapshot of them): its method may still be renamed (spec §4).
        if code = 'sequence_running_method_locked' and tg_op = 'UPDATE'
           and (to_jsonb(new) - array['favorite', 'archived', 'updated_at', 'name'])
               is not distinct from (to_jsonb(old) - array['favorite', 'archived', 'updated_at', 'name']) then
          code := null;
        end if;
        if code is not null then perform record_lock_refuse(code); end if;
      end if;
      return case when tg_op = 'DELETE' then old else new end;
    end
    $$`.execute(db);
  await sql`create trigger methods_lock before update or delete on methods for each row execute function methods_lock()`.execute(
    db,
  );
}
