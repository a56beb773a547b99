import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { createSingleUseCodes } from './single-use-codes.ts';

export function createTokensRepository(db: Kysely<Database>) {
  return {
    async recordRefresh(jti: string, userId: number, expiresAt: Date): Promise<void> {
      await db.insertInto('refresh_tokens').values({ jti, user_id: userId, expires_at: expiresAt }).execute();
    },
    /** Marks a refresh token used; true only for the first caller (a second use is refused). */
    async consumeRefresh(jti: string): Promise<'consumed' | 'reused' | 'unknown'> {
      const updated = await db
        .updateTable('refresh_tokens')
        .set({ used_at: new Date() })
        .where('jti', '=', jti)
        .where('used_at', 'is', null)
        .returning('jti')
        .executeTakeFirst();
      if (updated) return 'consumed';
      const existing = await db
        .selectFrom('refresh_tokens')
        .select('jti')
        .where('jti', '=', jti)
        .executeTakeFirst();
      return existing ? 'reused' : 'unknown';
    },
    /** Ends every session of a user (password reset, or a stolen refresh token used twice). */
    async revokeAllForUser(userId: number): Promise<void> {
      await db
        .updateTable('refresh_tokens')
        .set({ used_at: new Date() })
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .execute();
    },
    /** Signs one session out: its tokens are refused from now on (idempotent). */
    async endSession(sid: string, userId: number): Promise<void> {
      await db
        .insertInto('ended_sessions')
        .values({ sid, user_id: userId })
        .onConflict((conflict) => conflict.column('sid').doNothing())
        .execute();
    },
    /**
     * Whether a token still stands, in one statement: the user's current token version (undefined for an
     * unknown user) and whether its session was signed out — what every request's token is checked against.
     */
    async standing(
      userId: number,
      sid: string | undefined,
    ): Promise<{ version: number | undefined; ended: boolean }> {
      const row = await db
        .selectNoFrom((eb) => [
          eb.selectFrom('users').select('token_version').where('id', '=', userId).as('version'),
          (sid === undefined
            ? eb.val(false)
            : eb.exists(eb.selectFrom('ended_sessions').select('sid').where('sid', '=', sid))
          ).as('ended'),
        ])
        .executeTakeFirstOrThrow();
      return { version: row.version ?? undefined, ended: Boolean(row.ended) };
    },
    /** Password reset codes. */
    resets: createSingleUseCodes(db, 'password_resets'),
  };
}

export type TokensRepository = ReturnType<typeof createTokensRepository>;
