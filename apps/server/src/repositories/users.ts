import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, UsersTable } from '../db/schema.ts';

export type UserRow = Selectable<UsersTable>;

export function createUsersRepository(db: Kysely<Database>) {
  return {
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
    /** Inserts a user; returns undefined when the e-mail is taken. */
    async create(values: { email: string; passwordHash: string | null; googleSubject?: string | null }) {
      return db
        .insertInto('users')
        .values({
          email: values.email,
          password_hash: values.passwordHash,
          google_subject: values.googleSubject ?? null,
        })
        .onConflict((conflict) => conflict.expression(sql`lower(email)`).doNothing())
        .returningAll()
        .executeTakeFirst();
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
