// Share tokens: read-only links to one sample, injection or sequence. Created through GraphQL
// (insert_shareTokens_one); here only the lookup used to exchange a token for a visitor JWT.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { ShareObjectType } from '../db/domain-schema.ts';

export interface ActiveShareToken {
  id: number;
  objectType: ShareObjectType;
  objectId: number;
  expiresAt: Date;
}

export function createShareTokensRepository(db: Kysely<Database>) {
  return {
    /** The token when it exists, names the object, and is neither revoked nor expired. */
    async findActive(token: string, objectId: number): Promise<ActiveShareToken | undefined> {
      const row = await db
        .selectFrom('shareTokens')
        .select(['id', 'object_type', 'object_id', 'expires_at'])
        .where('token', '=', token)
        .where('object_id', '=', objectId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', new Date())
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        id: row.id,
        objectType: row.object_type,
        objectId: row.object_id,
        expiresAt: new Date(row.expires_at),
      };
    },
  };
}

export type ShareTokensRepository = ReturnType<typeof createShareTokensRepository>;
