// The workspace rows of a user go into, for tests that insert rows directly: its current (at first its
// personal) workspace.
import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema.ts';

export async function workspaceOf(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select('current_workspace_id')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (row.current_workspace_id === null) throw new Error(`user ${userId} has no workspace`);
  return row.current_workspace_id;
}
