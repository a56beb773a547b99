// The audit trail, complete and tamper-evident: each event keeps who (id and the e-mail address at the time)
// and a human label of its object, and is one link of a SHA-256 hash chain. The database assigns the chain
// position, the time and the hashes in a trigger, so every write path (services, GraphQL statements) is
// chained alike, and refuses UPDATE, DELETE and TRUNCATE on the table. See docs/audit.md.
import { sql, type Kysely } from 'kysely';

export const GENESIS_HASH = '0'.repeat(64);

export async function up(db: Kysely<unknown>): Promise<void> {
  // A user's removal must not rewrite history (the old foreign key set user_id to null on delete).
  await sql`alter table "auditEvents" drop constraint if exists "auditEvents_user_id_fkey"`.execute(db);
  // Nor may a workspace's removal delete its history (migration 0011 made it cascade).
  await sql`alter table "auditEvents" drop constraint if exists "auditEvents_workspace_id_fkey"`.execute(db);
  await sql`alter table "auditEvents" add column user_email text`.execute(db);
  // Whose object the event is about: the owner reads it even when the event has no user (the runner's).
  await sql`alter table "auditEvents" add column owner_id integer`.execute(db);
  await sql`alter table "auditEvents" add column label text`.execute(db);
  // The object whose trail also shows this event: a sequence for its rows, a measurement for its results.
  await sql`alter table "auditEvents" add column parent_entity text`.execute(db);
  await sql`alter table "auditEvents" add column parent_id text`.execute(db);
  await sql`alter table "auditEvents" add column chain_seq bigint`.execute(db);
  await sql`alter table "auditEvents" add column prev_hash text`.execute(db);
  await sql`alter table "auditEvents" add column hash text`.execute(db);

  // One chain for the whole database: its head is one row, locked by every insert until its commit.
  await sql`
    create table "auditChainHead" (
      id integer primary key check (id = 1),
      last_seq bigint not null,
      last_hash text not null
    )`.execute(db);
  await sql`insert into "auditChainHead" (id, last_seq, last_hash) values (1, 0, ${GENESIS_HASH})`.execute(
    db,
  );

  // The canonical serialization: a JSON array (jsonb's text form is deterministic) with the time in UTC.
  await sql`
    create function audit_event_canonical(e "auditEvents") returns text language sql stable as $$
      select jsonb_build_array(
        e.chain_seq, to_char(e.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), e.user_id, e.user_email, e.owner_id, e.workspace_id,
        e.entity, e.entity_id, e.label, e.parent_entity, e.parent_id, e.action, e.old_values, e.new_values, e.reason, e.prev_hash
      )::text
    $$`.execute(db);

  await sql`
    create function audit_object_workspace(p_kind text, p_id text) returns integer language plpgsql stable as $$
    begin
      if p_id is null or p_id !~ '^[0-9]{1,9}$' then
        return null;
      end if;
      return case p_kind
        when 'methods' then (select workspace_id from methods where methods.id = p_id::integer)
        when 'postprocessingTemplates' then
          (select workspace_id from "postprocessingTemplates" t where t.id = p_id::integer)
        when 'devices' then (select workspace_id from devices where devices.id = p_id::integer)
        when 'samples' then (select workspace_id from samples where samples.id = p_id::integer)
        when 'sequences' then (select workspace_id from sequences where sequences.id = p_id::integer)
        when 'measurements' then (select workspace_id from measurements where measurements.id = p_id::integer)
        when 'processing_results' then
          (select workspace_id from processing_results r where r.id = p_id::integer)
        else null
      end;
    end
    $$`.execute(db);

  await sql`
    create function audit_event_chain() returns trigger language plpgsql as $$
    declare
      head record;
    begin
      select last_seq, last_hash into head from "auditChainHead" where id = 1 for update;
      new.at := now();
      new.chain_seq := head.last_seq + 1;
      new.prev_hash := head.last_hash;
      if new.user_id is not null and new.user_email is null then
        select email into new.user_email from users where id = new.user_id;
      end if;
      new.owner_id := coalesce(new.owner_id, new.user_id);
      -- The workspace (migration 0011): the object's, else its parent's, else the acting user's current one.
      if new.workspace_id is null then
        new.workspace_id := coalesce(
          audit_object_workspace(new.entity, new.entity_id),
          audit_object_workspace(new.parent_entity, new.parent_id),
          (select current_workspace_id from users where id = coalesce(new.user_id, new.owner_id))
        );
      end if;
      if new.label is null then
        new.label := coalesce(new.new_values ->> 'name', new.old_values ->> 'name');
      end if;
      new.hash := encode(sha256(convert_to(audit_event_canonical(new), 'UTF8')), 'hex');
      update "auditChainHead" set last_seq = new.chain_seq, last_hash = new.hash where id = 1;
      return new;
    end
    $$`.execute(db);

  await sql`
    create function audit_event_refuse() returns trigger language plpgsql as $$
    begin
      raise exception 'the audit trail is append-only: % on "auditEvents" is refused', tg_op
        using errcode = 'insufficient_privilege';
    end
    $$`.execute(db);

  // Chain the events stored before this migration, oldest first.
  await sql`
    do $$
    declare
      ev "auditEvents";
      previous text := ${sql.lit(GENESIS_HASH)};
      seq_no bigint := 0;
    begin
      for ev in select * from "auditEvents" order by id loop
        seq_no := seq_no + 1;
        ev.chain_seq := seq_no;
        ev.prev_hash := previous;
        select email into ev.user_email from users where id = ev.user_id;
        ev.owner_id := ev.user_id;
        ev.label := coalesce(ev.new_values ->> 'name', ev.old_values ->> 'name');
        ev.hash := encode(sha256(convert_to(audit_event_canonical(ev), 'UTF8')), 'hex');
        update "auditEvents" set chain_seq = ev.chain_seq, prev_hash = ev.prev_hash,
          user_email = ev.user_email, owner_id = ev.owner_id, label = ev.label, hash = ev.hash where id = ev.id;
        previous := ev.hash;
      end loop;
      update "auditChainHead" set last_seq = seq_no, last_hash = previous where id = 1;
    end
    $$`.execute(db);

  await sql`alter table "auditEvents" alter column chain_seq set not null`.execute(db);
  await sql`alter table "auditEvents" alter column prev_hash set not null`.execute(db);
  await sql`alter table "auditEvents" alter column hash set not null`.execute(db);
  await sql`create unique index audit_chain on "auditEvents" (chain_seq)`.execute(db);
  await sql`create index audit_at on "auditEvents" (at, id)`.execute(db);
  await sql`create index audit_owner on "auditEvents" (owner_id, chain_seq)`.execute(db);
  await sql`create index audit_parent on "auditEvents" (parent_entity, parent_id, at)`.execute(db);

  await sql`create trigger audit_event_chain before insert on "auditEvents" for each row execute function audit_event_chain()`.execute(
    db,
  );
  await sql`create trigger audit_event_no_change before update or delete on "auditEvents" for each row execute function audit_event_refuse()`.execute(
    db,
  );
  await sql`create trigger audit_event_no_truncate before truncate on "auditEvents" for each statement execute function audit_event_refuse()`.execute(
    db,
  );
}
