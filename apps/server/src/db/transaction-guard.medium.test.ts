// The pool refuses a connection asked for from inside a transaction, with a clear error instead of a hang
// (PGlite: one connection) or a read outside the transaction (PostgreSQL); everything else still works.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/harness.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import type { DatabaseHandle } from './database.ts';
import { NestedConnectionError } from './transaction-guard.ts';

const one = (db: DatabaseHandle['db']) => sql<{ n: number }>`select 1 as n`.execute(db);

describe.each(await backends('both'))('the transaction guard on $name', (backend) => {
  let handle: DatabaseHandle;
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ handle, close } = await openTestDatabase(backend));
  });
  afterAll(() => close?.());

  it('refuses a root query inside a transaction and rolls the transaction back', async () => {
    await sql`create table guard_probe (id int)`.execute(handle.db);
    const attempt = handle.db.transaction().execute(async (trx) => {
      await sql`insert into guard_probe values (1)`.execute(trx);
      await one(handle.db);
    });
    await expect(attempt).rejects.toBeInstanceOf(NestedConnectionError);
    const rows = await sql<{ n: number }>`select count(*)::int as n from guard_probe`.execute(handle.db);
    expect(rows.rows[0]?.n).toBe(0);
  });

  it('refuses a transaction opened inside a transaction and a single-connection block', async () => {
    await expect(
      handle.db.transaction().execute(async () => handle.db.transaction().execute((inner) => one(inner))),
    ).rejects.toBeInstanceOf(NestedConnectionError);
    await expect(handle.db.connection().execute(async () => one(handle.db))).rejects.toBeInstanceOf(
      NestedConnectionError,
    );
  });

  it('still runs parallel root queries, transactions side by side, and queries after a transaction', async () => {
    const results = await Promise.all([
      one(handle.db),
      one(handle.db),
      handle.db.transaction().execute((trx) => one(trx)),
      handle.db.transaction().execute(async (trx) => Promise.all([one(trx), one(trx)])),
    ]);
    expect(results).toHaveLength(4);
    await handle.db.transaction().execute((trx) => one(trx));
    expect((await one(handle.db)).rows[0]?.n).toBe(1);
  });
});
