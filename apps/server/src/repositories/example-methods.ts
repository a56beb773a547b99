// Example methods shipped with the product: owner null, is_example true, not editable. Seeding is idempotent
// (one row per example name) and runs in one transaction.
import type { Insertable, Kysely } from 'kysely';
import type { MethodsTable } from '../db/domain-schema.ts';
import type { Database } from '../db/schema.ts';

export type ExampleMethod = Omit<Insertable<MethodsTable>, 'owner_id' | 'is_example' | 'editable'>;

/** Inserts the examples that are not there yet; returns how many were added. */
export async function seedExampleMethods(db: Kysely<Database>, examples: ExampleMethod[]): Promise<number> {
  return db.transaction().execute(async (transaction) => {
    const present = await transaction
      .selectFrom('methods')
      .select('name')
      .where('is_example', '=', true)
      .execute();
    const names = new Set(present.map((row) => row.name));
    const missing = examples.filter((example) => !names.has(example.name));
    if (missing.length === 0) return 0;
    await transaction
      .insertInto('methods')
      .values(missing.map((example) => ({ ...example, owner_id: null, is_example: true, editable: false })))
      .execute();
    return missing.length;
  });
}
