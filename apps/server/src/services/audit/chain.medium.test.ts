// The audit trail is append-only and its hash chain makes a change behind the application evident, on
// PGlite and on PostgreSQL: the database refuses UPDATE, DELETE and TRUNCATE, concurrent writers still make
// one unbroken chain, and a row altered or removed with the triggers disabled is found by the verification.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, signUp, startTestServer, type TestServer } from '../../../test/harness.ts';
import { writeAudit } from '../../repositories/audit.ts';
import { sha256Hex, verifyAuditChain } from './verification.ts';

describe.each(await backends('both'))('audit hash chain on $name', (backend) => {
  let server: TestServer;
  let userId: number;
  const db = () => server.context.database.db;

  beforeAll(async () => {
    server = await startTestServer({ backend });
    userId = (await signUp(server.baseUrl)).id;
  });
  afterAll(async () => server?.dispose());

  it('chains every event: each prev_hash is the hash before it, each hash the SHA-256 of its row', async () => {
    await writeAudit(db(), {
      userId,
      entity: 'methods',
      entityId: 1,
      action: 'update',
      oldValues: { name: 'Old' },
      newValues: { name: 'New' },
    });
    await writeAudit(db(), { userId, entity: 'sequences', entityId: 2, action: 'start', label: 'Batch 7' });
    const rows = await sql<{
      chain_seq: number;
      prev_hash: string;
      hash: string;
      canonical: string;
      user_email: string | null;
      label: string | null;
    }>`select chain_seq, prev_hash, hash, audit_event_canonical(e) as canonical, user_email, label from "auditEvents" e order by chain_seq`.execute(
      db(),
    );
    expect(rows.rows.length).toBeGreaterThanOrEqual(2);
    for (const [index, row] of rows.rows.entries()) {
      expect(Number(row.chain_seq)).toBe(index + 1);
      expect(row.hash).toBe(sha256Hex(row.canonical));
      expect(row.prev_hash).toBe(index === 0 ? '0'.repeat(64) : rows.rows[index - 1]!.hash);
    }
    const [first, second] = rows.rows.slice(-2);
    // Who and what are captured when written: the e-mail address and the object's name.
    expect(first).toMatchObject({ label: 'New' });
    expect(first!.user_email).toMatch(/@/);
    expect(second).toMatchObject({ label: 'Batch 7' });
    expect(await verifyAuditChain(db())).toMatchObject({ valid: true, first_broken: null });
  });

  it('refuses UPDATE, DELETE and TRUNCATE on the audit table', async () => {
    for (const statement of [
      sql`update "auditEvents" set reason = 'rewritten'`,
      sql`delete from "auditEvents"`,
      sql`truncate "auditEvents"`,
    ]) {
      await expect(statement.execute(db())).rejects.toThrow(/append-only/);
    }
    expect(await verifyAuditChain(db())).toMatchObject({ valid: true });
  });

  it('keeps one unbroken chain under concurrent writers', async () => {
    const before = await verifyAuditChain(db());
    await Promise.all(
      Array.from({ length: 24 }, (_, index) =>
        db()
          .transaction()
          .execute(async (trx) => {
            await writeAudit(trx, { userId, entity: 'samples', entityId: index, action: 'update' });
            await writeAudit(trx, { userId, entity: 'samples', entityId: index, action: 'delete' });
          }),
      ),
    );
    const after = await verifyAuditChain(db());
    expect(after).toMatchObject({ valid: true, checked: before.checked + 48 });
  });

  it('finds a row altered behind the application (triggers disabled), and a row removed', async () => {
    const target = await db()
      .selectFrom('auditEvents')
      .select(['id', 'chain_seq'])
      .where('entity', '=', 'methods')
      .executeTakeFirstOrThrow();
    await db()
      .connection()
      .execute(async (connection) => {
        await sql`set session_replication_role = replica`.execute(connection);
        await sql`update "auditEvents" set new_values = '{"name": "Forged"}' where id = ${target.id}`.execute(
          connection,
        );
        await sql`set session_replication_role = origin`.execute(connection);
      });
    const altered = await verifyAuditChain(db());
    expect(altered).toMatchObject({
      valid: false,
      checked: Number(target.chain_seq) - 1,
      first_broken: { chain_seq: Number(target.chain_seq), event_id: Number(target.id), problem: 'altered' },
    });

    // Removing the altered row instead leaves a gap the verification names at the same position.
    await db()
      .connection()
      .execute(async (connection) => {
        await sql`set session_replication_role = replica`.execute(connection);
        await sql`delete from "auditEvents" where id = ${target.id}`.execute(connection);
        await sql`set session_replication_role = origin`.execute(connection);
      });
    expect(await verifyAuditChain(db())).toMatchObject({
      valid: false,
      first_broken: { chain_seq: Number(target.chain_seq), problem: 'missing' },
    });
  });
});
