import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, Executor, UsersTable } from '../db/schema.ts';
import { createPersonalWorkspace } from './workspaces.ts';

export type UserRow = Selectable<UsersTable>;

export function createUsersRepository(db: Kysely<Database>) {
  return {
    db,
    findByEmail(email: string): Promise<UserRow | undefined> {
      return db
        .selectFrom('users')
        .selectAll()
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .executeTakeFirst();
    },
    findById(id: number): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },
    findByGoogleSubject(subject: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('google_subject', '=', subject).executeTakeFirst();
    },
    /**
     * Inserts a user with its personal workspace (admin, current); returns undefined when the e-mail is
     * taken. `emailVerified`: the address was proven elsewhere (Google says so).
     */
    async create(values: {
      email: string;
      /** The person's full name (signatures print it); '' when not given. */
      fullName?: string;
      passwordHash: string | null;
      googleSubject?: string | null;
      emailVerified?: boolean;
    }): Promise<UserRow | undefined> {
      return db.transaction().execute(async (trx) => {
        const user = await trx
          .insertInto('users')
          .values({
            email: values.email,
            full_name: values.fullName ?? '',
            password_hash: values.passwordHash,
            google_subject: values.googleSubject ?? null,
            email_verified_at: values.emailVerified ? new Date() : null,
          })
          .onConflict((conflict) => conflict.expression(sql`lower(email)`).doNothing())
          .returningAll()
          .executeTakeFirst();
        if (!user) return undefined;
        const workspaceId = await createPersonalWorkspace(trx, user.id);
        return { ...user, current_workspace_id: workspaceId };
      });
    },
    async markEmailVerified(id: number, trx: Executor = db): Promise<void> {
      await trx
        .updateTable('users')
        .set({ email_verified_at: new Date() })
        .where('id', '=', id)
        .where('email_verified_at', 'is', null)
        .execute();
    },
    async setFullName(trx: Executor, id: number, fullName: string): Promise<void> {
      await trx.updateTable('users').set({ full_name: fullName }).where('id', '=', id).execute();
    },
    /** The full names of users by id (those given; a user without one is left out). */
    async fullNames(ids: readonly number[], trx: Executor = db): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await trx
        .selectFrom('users')
        .select(['id', 'full_name'])
        .where('id', 'in', [...new Set(ids)])
        .where('full_name', '<>', '')
        .execute();
      return new Map(rows.map((row) => [row.id, row.full_name]));
    },
    async setPassword(id: number, passwordHash: string): Promise<void> {
      await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', id).execute();
    },
    async linkGoogle(id: number, subject: string): Promise<void> {
      await db.updateTable('users').set({ google_subject: subject }).where('id', '=', id).execute();
    },
    /** The version every live token of the user must carry; undefined for an unknown user. */
    async tokenVersion(id: number): Promise<number | undefined> {
      const row = await db
        .selectFrom('users')
        .select('token_version')
        .where('id', '=', id)
        .executeTakeFirst();
      return row?.token_version;
    },
    /** Ends every session of the user: tokens issued before carry an older version. */
    async bumpTokenVersion(id: number): Promise<void> {
      await db
        .updateTable('users')
        .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
        .where('id', '=', id)
        .execute();
    },
    async touchLogin(id: number): Promise<void> {
      await db.updateTable('users').set({ last_login_at: new Date() }).where('id', '=', id).execute();
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
