import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export function createContactRepository(db: Kysely<Database>) {
  return {
    async store(message: { name: string; email: string; message: string }): Promise<void> {
      await db.insertInto('contact_messages').values(message).execute();
    },
  };
}

export type ContactRepository = ReturnType<typeof createContactRepository>;
