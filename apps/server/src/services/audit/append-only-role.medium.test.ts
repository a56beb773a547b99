// The audit trail and the signatures on PostgreSQL when the server connects as an ordinary role that owns
// the schema (it ran the migrations) — the usual production set-up: migration 0016 took UPDATE, DELETE and
// TRUNCATE from that role, so a row is refused by privilege as well as by the append-only triggers, and
// still refused with the triggers disabled (which an owner may do). PGlite has only a superuser, for which
// the triggers are the guard (chain.medium.test.ts refuses UPDATE, DELETE and TRUNCATE on both databases).
import { randomBytes } from 'node:crypto';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUrl, postgresReachable } from '../../../test/databases.ts';
import { migrateToLatest } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { writeAudit } from '../../repositories/audit.ts';
import { verifyAuditChain } from './verification.ts';
import { scaled } from '../../../test/eventually.ts';

const reachable = await postgresReachable();

async function asAdmin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

describe.skipIf(!reachable)('append-only audit rows for an owner role on PostgreSQL', () => {
  const suffix = `${process.pid}_${randomBytes(4).toString('hex')}`;
  const role = `eluent_owner_${suffix}`;
  const database = `eluent_owner_db_${suffix}`;
  let db: Kysely<Database>;

  beforeAll(async () => {
    await asAdmin(`create role ${role} login nosuperuser password 'owner-password'`);
    await asAdmin(`create database ${database} owner ${role}`);
    const url = new URL(adminUrl());
    url.username = role;
    url.password = 'owner-password';
    url.pathname = `/${database}`;
    db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url.toString(), max: 1 }) }),
    });
    await migrateToLatest(db);
  }, scaled(120_000));

  afterAll(async () => {
    await db?.destroy();
    await asAdmin(`drop database if exists ${database} with (force)`);
    await asAdmin(`drop role if exists ${role}`);
  });

  it('the owner writes events but may neither update, delete nor truncate them, triggers or not', async () => {
    const owner = await sql<{
      superuser: boolean;
    }>`select rolsuper as superuser from pg_roles where rolname = current_user`.execute(db);
    expect(owner.rows[0]!.superuser).toBe(false);
    await writeAudit(db, { userId: null, entity: 'methods', entityId: 1, action: 'insert', label: 'Assay' });
    await writeAudit(db, {
      userId: null,
      entity: 'methods',
      entityId: 1,
      action: 'update',
      label: 'Assay 2',
    });

    const refusals = [
      sql`update "auditEvents" set reason = 'rewritten'`,
      sql`delete from "auditEvents"`,
      sql`truncate "auditEvents"`,
      sql`update result_signatures set reason = 'rewritten'`,
      sql`delete from result_signature_items`,
    ];
    for (const statement of refusals) {
      await expect(statement.execute(db)).rejects.toMatchObject({ code: '42501' });
    }
    // An owner may disable the triggers; the privilege still refuses, until it grants itself the right back.
    await sql`alter table "auditEvents" disable trigger user`.execute(db);
    try {
      await expect(sql`update "auditEvents" set reason = 'rewritten'`.execute(db)).rejects.toThrow(
        /permission denied/,
      );
      await expect(sql`delete from "auditEvents"`.execute(db)).rejects.toThrow(/permission denied/);
    } finally {
      await sql`alter table "auditEvents" enable trigger user`.execute(db);
    }
    expect(await verifyAuditChain(db)).toMatchObject({ valid: true, checked: 2 });
  });
});
