// Versions of methods and processing templates, as Empower and Chromeleon keep them (docs/signatures.md
// "Versions of methods and templates"): every saved change of a method's or template's content is a new
// version, kept as an immutable snapshot in `method_versions` / `template_versions` with its author, time
// and reason, and audited (`new_version`, old → new values). A sequence, each of its rows, each injection and
// each result pin the version they used (`method_version` / `template_version`); signed and running records
// keep their pin, so a save never changes what they show, process and print. Only a sequence that has not
// run yet (NEW, unsigned) follows the newest version. Deleting a method or template that anything signed or
// running used stays refused (retention), whatever version it used.
import { sql, type Kysely } from 'kysely';

/** The flags that are not content: changing them makes no version (spec §4: favorite, archived). */
const methodFlags = sql.raw("array['favorite', 'archived', 'updated_at', 'version']");
const templateFlags = sql.raw("array['is_favorite', 'is_archived', 'updated_at', 'version']");

async function addVersionColumns(db: Kysely<unknown>): Promise<void> {
  await sql`alter table methods add column version integer not null default 1`.execute(db);
  await sql`alter table "postprocessingTemplates" add column version integer not null default 1`.execute(db);
  // What exists today was made with version 1 (the only one there was); adding a column fires no trigger.
  for (const [table, column] of [
    ['sequences', 'method_version'],
    ['sequences', 'template_version'],
    ['drafts', 'method_version'],
    ['injections', 'method_version'],
    ['processing_results', 'template_version'],
  ] as const) {
    await sql`alter table ${sql.table(table)} add column ${sql.id(column)} integer default 1`.execute(db);
    await sql`alter table ${sql.table(table)} alter column ${sql.id(column)} drop default`.execute(db);
  }
}

async function createVersionTables(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table method_versions (
      method_id integer not null references methods(id) on delete cascade,
      version integer not null,
      snapshot jsonb not null,
      created_by integer,
      created_at timestamptz not null default now(),
      reason text,
      primary key (method_id, version)
    )`.execute(db);
  await sql`
    create table template_versions (
      template_uuid uuid not null references "postprocessingTemplates"(uuid) on delete cascade,
      version integer not null,
      snapshot jsonb not null,
      created_by integer,
      created_at timestamptz not null default now(),
      reason text,
      primary key (template_uuid, version)
    )`.execute(db);
  await sql`
    create function method_content(m methods) returns jsonb language sql immutable as $$
      select to_jsonb(m) - ${methodFlags}
    $$`.execute(db);
  await sql`
    create function template_content(t "postprocessingTemplates") returns jsonb language sql immutable as $$
      select to_jsonb(t) - ${templateFlags}
    $$`.execute(db);
  await sql`
    insert into method_versions (method_id, version, snapshot, created_by, created_at)
    select m.id, 1, method_content(m), m.owner_id, m.created_at from methods m`.execute(db);
  await sql`
    insert into template_versions (template_uuid, version, snapshot, created_by, created_at)
    select t.uuid, 1, template_content(t), t.owner_id, t.created_at from "postprocessingTemplates" t`.execute(
    db,
  );
  // A kept version is never changed; it goes only with its record, whose deletion the record's lock judges.
  for (const [table, parent] of [
    ['method_versions', 'exists (select 1 from methods m where m.id = old.method_id)'],
    [
      'template_versions',
      'exists (select 1 from "postprocessingTemplates" t where t.uuid = old.template_uuid)',
    ],
  ] as const) {
    await sql`
      create function ${sql.id(`${table}_kept`)}() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' or ${sql.raw(parent)} then
          perform record_lock_refuse('record_signed_locked');
        end if;
        return old;
      end
      $$`.execute(db);
    await sql`create trigger ${sql.id(`${table}_kept`)} before update or delete on ${sql.table(table)} for each row execute function ${sql.id(`${table}_kept`)}()`.execute(
      db,
    );
  }
}

/** Who saves, when the transport says (`eluent.actor`, set for the transaction), and why. */
async function createVersionHelpers(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function version_actor() returns integer language sql stable as $$
      select nullif(current_setting('eluent.actor', true), '')::integer
    $$`.execute(db);
  // The reason a save gives, else the fields it changed in words a reader of the audit trail knows.
  await sql`
    create function version_reason(old_content jsonb, new_content jsonb) returns text language sql stable as $$
      select coalesce(nullif(current_setting('eluent.version_reason', true), ''),
        'Changed ' || (select string_agg(key, ', ' order by key) from jsonb_each(new_content) a
                       where a.value is distinct from old_content -> a.key))
    $$`.execute(db);
  await sql`
    create function version_changes(old_content jsonb, new_content jsonb, side text) returns jsonb language sql stable as $$
      select coalesce(jsonb_object_agg(a.key, case when side = 'old' then old_content -> a.key else a.value end), '{}')
      from jsonb_each(new_content) a where a.value is distinct from old_content -> a.key
    $$`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await addVersionColumns(db);
  await createVersionTables(db);
  await createVersionHelpers(db);
  await createLockCodes(db);
  await createMethodVersioning(db);
  await createTemplateVersioning(db);
  await createPins(db);
  await createPeakRenameVersions(db);
}

/**
 * Two questions that were one: what refuses a deletion (anything signed or running used it, any version:
 * retention) and what the editors show as the lock (a signed or running record pins the current version,
 * so saving makes the next one).
 */
async function createLockCodes(db: Kysely<unknown>): Promise<void> {
  await sql`alter function template_lock_code(uuid) rename to template_delete_code`.execute(db);
  await sql`alter function method_lock_code(integer) rename to method_delete_code`.execute(db);
  await sql`
    create function template_lock_code(target uuid) returns text language sql stable as $$
      with latest as (select version from "postprocessingTemplates" where uuid = target)
      select case
        when exists (select 1 from sequences s, latest c where s.template_uuid = target
                       and s.template_version = c.version and sequence_signed(s.id))
          or exists (select 1 from processing_results r join result_signature_items i on i.result_id = r.id,
                       latest c where r.template_uuid = target and r.template_version = c.version)
          then 'record_signed_locked'
        when exists (select 1 from sequences s, latest c where s.template_uuid = target
                       and s.template_version = c.version and s.state in ('RUNNING', 'PAUSED'))
          then 'sequence_running_template_locked'
      end
    $$`.execute(db);
  await sql`
    create function method_lock_code(target integer) returns text language sql stable as $$
      with latest as (select version from methods where id = target),
      using_sequences as (
        select s.id, s.state from sequences s, latest c where s.method_id = target and s.method_version = c.version
        union
        select s.id, s.state from drafts d join sequences s on s.id = d.sequence_id, latest c
          where d.method_id = target and d.method_version = c.version)
      select case
        when exists (select 1 from using_sequences u where sequence_signed(u.id))
          or exists (select 1 from injections j join result_signature_items i on i.injection_id = j.id,
                       latest c where j.method_id = target and j.method_version = c.version)
          then 'record_signed_locked'
        when exists (select 1 from using_sequences u where u.state in ('RUNNING', 'PAUSED'))
          then 'sequence_running_method_locked'
      end
    $$`.execute(db);
}

async function createMethodVersioning(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function methods_lock() returns trigger language plpgsql as $$
    declare
      code text;
    begin
      if tg_op = 'DELETE' then
        code := method_delete_code(old.id);
        if code is not null then perform record_lock_refuse(code); end if;
        return old;
      end if;
      new.version := old.version + (method_content(new) is distinct from method_content(old))::integer;
      return new;
    end
    $$`.execute(db);
  await sql`
    create function methods_versioned() returns trigger language plpgsql as $$
    declare
      old_content jsonb := case when tg_op = 'UPDATE' then method_content(old) else '{}' end;
      new_content jsonb := method_content(new);
      why text := case when tg_op = 'UPDATE' then version_reason(old_content, new_content) end;
    begin
      if tg_op = 'UPDATE' and new.version = old.version then return null; end if;
      insert into method_versions (method_id, version, snapshot, created_by, reason)
        values (new.id, new.version, new_content, coalesce(version_actor(), new.owner_id), why);
      if tg_op = 'INSERT' then return null; end if;
      update sequences s set method_version = new.version
        where s.method_id = new.id and s.state = 'NEW' and not sequence_signed(s.id);
      update drafts d set method_version = new.version from sequences s
        where d.sequence_id = s.id and d.method_id = new.id and s.state = 'NEW' and not sequence_signed(s.id);
      insert into "auditEvents" (user_id, owner_id, workspace_id, entity, entity_id, label, action,
                                 old_values, new_values, reason)
        values (version_actor(), new.owner_id, new.workspace_id, 'methods', new.id::text, new.name, 'new_version',
                version_changes(old_content, new_content, 'old') || jsonb_build_object('version', old.version),
                version_changes(old_content, new_content, 'new') || jsonb_build_object('version', new.version), why);
      return null;
    end
    $$`.execute(db);
  await sql`create trigger methods_versioned after insert or update on methods for each row execute function methods_versioned()`.execute(
    db,
  );
}

async function createTemplateVersioning(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function templates_lock() returns trigger language plpgsql as $$
    declare
      code text;
    begin
      if tg_op = 'DELETE' then
        code := template_delete_code(old.uuid);
        if code is not null then perform record_lock_refuse(code); end if;
        return old;
      end if;
      new.version := old.version + (template_content(new) is distinct from template_content(old))::integer;
      return new;
    end
    $$`.execute(db);
  await sql`
    create function templates_versioned() returns trigger language plpgsql as $$
    declare
      old_content jsonb := case when tg_op = 'UPDATE' then template_content(old) else '{}' end;
      new_content jsonb := template_content(new);
      why text := case when tg_op = 'UPDATE' then version_reason(old_content, new_content) end;
    begin
      if tg_op = 'UPDATE' and new.version = old.version then return null; end if;
      insert into template_versions (template_uuid, version, snapshot, created_by, reason)
        values (new.uuid, new.version, new_content, coalesce(version_actor(), new.owner_id), why);
      if tg_op = 'INSERT' then return null; end if;
      update sequences s set template_version = new.version
        where s.template_uuid = new.uuid and s.state = 'NEW' and not sequence_signed(s.id);
      insert into "auditEvents" (user_id, owner_id, workspace_id, entity, entity_id, label, action,
                                 old_values, new_values, reason)
        values (version_actor(), new.owner_id, new.workspace_id, 'postprocessingTemplates', new.id::text, new.name,
                'new_version', version_changes(old_content, new_content, 'old') || jsonb_build_object('version', old.version),
                version_changes(old_content, new_content, 'new') || jsonb_build_object('version', new.version), why);
      return null;
    end
    $$`.execute(db);
  await sql`create trigger templates_versioned after insert or update on "postprocessingTemplates" for each row execute function templates_versioned()`.execute(
    db,
  );
}

/** A new or changed reference pins the version current now; an injection takes its row's or sequence's pin. */
async function createPins(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function sequences_pin() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' or new.method_id is distinct from old.method_id then
        new.method_version := (select m.version from methods m where m.id = new.method_id);
      end if;
      if tg_op = 'INSERT' or new.template_uuid is distinct from old.template_uuid then
        new.template_version := (select t.version from "postprocessingTemplates" t where t.uuid = new.template_uuid);
      end if;
      return new;
    end
    $$`.execute(db);
  await sql`create trigger sequences_pin before insert or update on sequences for each row execute function sequences_pin()`.execute(
    db,
  );
  await sql`
    create function drafts_pin() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' or new.method_id is distinct from old.method_id then
        new.method_version := (select m.version from methods m where m.id = new.method_id);
      end if;
      return new;
    end
    $$`.execute(db);
  await sql`create trigger drafts_pin before insert or update on drafts for each row execute function drafts_pin()`.execute(
    db,
  );
  await sql`
    create function injections_pin() returns trigger language plpgsql as $$
    begin
      if new.method_version is null and new.method_id is not null then
        new.method_version := coalesce(
          (select d.method_version from drafts d where d.id = new.draft_id and d.method_id = new.method_id),
          (select s.method_version from sequences s where s.id = new.sequence_id and s.method_id = new.method_id),
          (select m.version from methods m where m.id = new.method_id));
      end if;
      return new;
    end
    $$`.execute(db);
  await sql`create trigger injections_pin before insert on injections for each row execute function injections_pin()`.execute(
    db,
  );
  await sql`
    create function processing_results_pin() returns trigger language plpgsql as $$
    begin
      if new.template_version is null and new.template_uuid is not null then
        new.template_version := (select t.version from "postprocessingTemplates" t where t.uuid = new.template_uuid);
      end if;
      return new;
    end
    $$`.execute(db);
  await sql`create trigger processing_results_pin before insert on processing_results for each row execute function processing_results_pin()`.execute(
    db,
  );
}

/**
 * A peak of a signed result version renamed (GraphQL `update_peaks*`, any client's SQL) makes the next
 * result version instead of changing the signed one: the current signed version is copied with the new name,
 * becomes current and supersedes the signatures (a `supersede` event, as repositories/signatures.ts writes
 * it); the signed row stays byte-for-byte as signed. Every other change of a signed version stays refused
 * (migration 0023). Renames of several peaks in one transaction go into one new version.
 */
async function createPeakRenameVersions(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function peak_rename_version(signed processing_results) returns integer language plpgsql as $$
    declare
      made integer;
    begin
      select r.id into made from processing_results r
        where r.parent_result_id = signed.id and r.created_at = now() and r.reason like 'Peaks renamed%';
      if made is not null then return made; end if;
      insert into processing_results (owner_id, workspace_id, measurement_id, version, kind, template_uuid,
          template_version, template_snapshot, algorithm_versions, figures, errors, reason, created_by,
          parent_result_id)
        select signed.owner_id, signed.workspace_id, signed.measurement_id, max(r.version) + 1, 'manual',
          signed.template_uuid, signed.template_version, signed.template_snapshot, signed.algorithm_versions,
          signed.figures, signed.errors,
          'Peaks renamed (signed version ' || signed.version || ' kept as signed)', version_actor(), signed.id
        from processing_results r where r.measurement_id = signed.measurement_id
        returning id into made;
      insert into peaks
        select (jsonb_populate_record(null::peaks, to_jsonb(p) || jsonb_build_object(
          'id', nextval(pg_get_serial_sequence('peaks', 'id')), 'result_id', made))).*
        from peaks p where p.result_id = signed.id order by p.number;
      update measurements set current_result_id = made
        where id = signed.measurement_id and current_result_id is not null;
      insert into "auditEvents" (user_id, workspace_id, entity, entity_id, label, parent_entity, parent_id,
                                 action, old_values, new_values)
        select version_actor(), signed.workspace_id, 'signatures', string_agg(s.id::text, ',' order by s.id),
          'version ' || (signed.version + 1) || ' superseded signed version ' || signed.version,
          'measurements', signed.measurement_id::text, 'supersede',
          jsonb_build_object('status', 'valid', 'current_version', signed.version,
            'signatures', jsonb_agg(s.meaning || ' by ' || s.signer_email || ' (version ' || signed.version || ')' order by s.id),
            'signed_sha256', (select jsonb_agg(distinct i2.content_sha256) from result_signature_items i2
                              where i2.result_id = signed.id)),
          jsonb_build_object('status', 'superseded', 'current_version',
            (select version from processing_results where id = made), 'current_result_id', made,
            'signature_ids', jsonb_agg(s.id order by s.id))
        from result_signatures s where exists (select 1 from result_signature_items i
                                               where i.signature_id = s.id and i.result_id = signed.id);
      return made;
    end
    $$`.execute(db);
  await sql`
    create or replace function peaks_lock() returns trigger language plpgsql as $$
    declare
      signed processing_results;
      made integer;
    begin
      if not exists (select 1 from result_signature_items i where i.result_id = old.result_id) then
        return case when tg_op = 'DELETE' then old else new end;
      end if;
      select * into signed from processing_results where id = old.result_id;
      -- The current version, or the one this transaction's renames of it already made.
      if tg_op = 'UPDATE' and (to_jsonb(new) - 'name') = (to_jsonb(old) - 'name')
         and new.name is distinct from old.name
         and (signed.id = coalesce((select m.current_result_id from measurements m where m.id = signed.measurement_id),
                                   (select r.id from processing_results r where r.measurement_id = signed.measurement_id
                                    order by r.version desc limit 1))
              or exists (select 1 from processing_results r where r.parent_result_id = signed.id
                         and r.created_at = now() and r.reason like 'Peaks renamed%')) then
        made := peak_rename_version(signed);
        update peaks set name = new.name where result_id = made and number = old.number;
        insert into "auditEvents" (user_id, workspace_id, entity, entity_id, label, parent_entity, parent_id,
                                   action, old_values, new_values)
          values (version_actor(), signed.workspace_id, 'peaks', old.id::text, old.number::text, 'measurements',
                  signed.measurement_id::text, 'rename_in_new_version',
                  jsonb_build_object('name', old.name, 'result_id', signed.id, 'version', signed.version),
                  jsonb_build_object('name', new.name, 'result_id', made,
                    'version', (select version from processing_results where id = made)));
        return null;
      end if;
      perform record_lock_refuse('record_signed_locked');
      return null;
    end
    $$`.execute(db);
}
