// Share tokens: read-only links to one sample, injection, sequence or saved overlay, created and revoked over REST
// (POST/DELETE /api/share-tokens/); lookups for the exchange and for visitors reading shared objects.
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { ShareObjectType, ShareTokensTable } from '../db/domain-schema.ts';

export type ShareTokenRow = Selectable<ShareTokensTable>;
type Db = Kysely<Database> | Transaction<Database>;

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
    /** The active token by id (a visitor JWT names it), with its owner. */
    async activeById(id: number): Promise<ShareTokenRow | undefined> {
      return db
        .selectFrom('shareTokens')
        .selectAll()
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', new Date())
        .executeTakeFirst();
    },
    async insert(
      trx: Db,
      values: {
        owner_id: number;
        workspace_id: number;
        token: string;
        object_type: ShareObjectType;
        object_id: number;
        expires_at: Date;
      },
    ): Promise<ShareTokenRow> {
      return trx.insertInto('shareTokens').values(values).returningAll().executeTakeFirstOrThrow();
    },
    async listInWorkspace(workspaceId: number): Promise<ShareTokenRow[]> {
      return db
        .selectFrom('shareTokens')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .orderBy('id', 'desc')
        .execute();
    },
    async findInWorkspace(workspaceId: number, id: number, trx: Db = db): Promise<ShareTokenRow | undefined> {
      return trx
        .selectFrom('shareTokens')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst();
    },
    async revoke(trx: Db, id: number): Promise<ShareTokenRow> {
      return trx
        .updateTable('shareTokens')
        .set({ revoked_at: new Date() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    /** The workspace of a shareable object, or undefined when it does not exist. */
    async objectWorkspace(type: ShareObjectType, id: number): Promise<number | undefined> {
      const table =
        type === 'sample'
          ? 'samples'
          : type === 'injection'
            ? 'injections'
            : type === 'overlay'
              ? 'overlays'
              : 'sequences';
      const row = await db.selectFrom(table).select('workspace_id').where('id', '=', id).executeTakeFirst();
      return row?.workspace_id;
    },
  };
}

export type ShareTokensRepository = ReturnType<typeof createShareTokensRepository>;
