// Who a run works for, and the audit tables' rights.
//
// `sequences.started_by`: the user who started the run (or resumed or continued it last). The runner's own
// events — an injection started, failed or interrupted, the sequence finished or in error — are written
// with this user, so every event of a run names a person (docs/audit.md).
//
// The audit trail and the signatures are append-only by their triggers (0012, 0015), whatever the role.
// On PostgreSQL the connecting role also gives up UPDATE, DELETE and TRUNCATE on them: where it is not a
// superuser (superusers pass every privilege check, and PGlite has only a superuser) the statement is then
// refused by privilege even with the triggers disabled, and putting the right back takes an explicit GRANT.
import { sql, type Kysely } from 'kysely';

const appendOnly = ['"auditEvents"', 'result_signatures', 'result_signature_items'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sequences add column started_by integer references users(id) on delete set null`.execute(
    db,
  );
  for (const table of appendOnly) {
    await sql`revoke update, delete, truncate on ${sql.raw(table)} from public, current_user`.execute(db);
  }
}
