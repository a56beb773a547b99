// Single-use codes sent by e-mail (password resets, e-mail verifications): a random code is handed out once,
// only its SHA-256 is stored, with an expiry, and it can be used once.
import { newSecretCode, sha256 } from '../lib/codes.ts';
import type { Executor } from '../db/schema.ts';

/** The tables with the columns of a single-use code: code_hash, user_id, expires_at, used_at. */
export type SingleUseCodeTable = 'password_resets' | 'email_verifications';

export function createSingleUseCodes(db: Executor, table: SingleUseCodeTable) {
  return {
    /** Stores a new code for a user, valid for `lifetimeMs`; returns the code itself (never stored). */
    async issue(userId: number, lifetimeMs: number): Promise<string> {
      const code = newSecretCode();
      await db
        .insertInto(table)
        .values({ code_hash: sha256(code), user_id: userId, expires_at: new Date(Date.now() + lifetimeMs) })
        .execute();
      return code;
    },

    /** The user of a code that is neither used nor expired, without using it. */
    async findLive(code: string): Promise<{ user_id: number } | undefined> {
      return db
        .selectFrom(table)
        .select('user_id')
        .where('code_hash', '=', sha256(code))
        .where('used_at', 'is', null)
        .where('expires_at', '>', new Date())
        .executeTakeFirst();
    },

    /** Uses a code once; returns the user id, or undefined if used, expired or unknown. */
    async consume(code: string): Promise<number | undefined> {
      const row = await db
        .updateTable(table)
        .set({ used_at: new Date() })
        .where('code_hash', '=', sha256(code))
        .where('used_at', 'is', null)
        .where('expires_at', '>', new Date())
        .returning('user_id')
        .executeTakeFirst();
      return row?.user_id;
    },
  };
}

export type SingleUseCodes = ReturnType<typeof createSingleUseCodes>;
