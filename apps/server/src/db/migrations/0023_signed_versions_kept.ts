// A signed result version stays byte-for-byte as signed: its peaks' amounts no longer change in place when
// a calibration changes (the server makes a new version with the new amounts instead, which supersedes the
// signatures; docs/signatures.md "Versions, superseded signatures"). The database refuses any other path.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function peaks_lock() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from result_signature_items i where i.result_id = old.result_id) then
        perform record_lock_refuse('record_signed_locked');
      end if;
      return case when tg_op = 'DELETE' then old else new end;
    end
    $$`.execute(db);
}
