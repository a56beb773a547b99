// A person's full name on their account: asked at sign-up, editable on the account page, printed on every
// signature (21 CFR 11.50: the printed name of the signer), report, audit row and shared view. Accounts made
// before have none until their owner gives it; they print as their e-mail address meanwhile.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column full_name text not null default ''`.execute(db);
}
