// Share links over REST: the owner of a sample, an injection or a sequence creates, lists and revokes
// read-only share tokens; each has the address the shared view opens.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ShareObjectType } from '../../db/domain-schema.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { ShareTokenRow, ShareTokensRepository } from '../../repositories/share-tokens.ts';
import { writeAuditEntry } from '../../repositories/sequences-audit.ts';
import { parseInput } from '../../lib/input.ts';
import { checkShareable, revocationNeeded, shareTokenExpiry, shareTokenInput } from './share-token-rules.ts';

/** The shared view's address (see apps/web/src/share/shareLink.ts). */
export function shareUrl(origin: string, token: string, type: ShareObjectType, id: number): string {
  const query = `token=${encodeURIComponent(token)}`;
  if (type === 'sample') return `${origin}/share/?${query}#/samples/${id}/`;
  return `${origin}/share/?${query}&id=${id}#/reports/${type}/`;
}

function view(row: ShareTokenRow, origin: string) {
  return {
    id: row.id,
    token: row.token,
    url: shareUrl(origin, row.token, row.object_type, row.object_id),
    object_type: row.object_type,
    object_id: row.object_id,
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
    revoked_at: row.revoked_at?.toISOString() ?? null,
  };
}

export function createShareLinksService(shareTokens: ShareTokensRepository, db: Kysely<Database>) {
  return {
    async create(ownerId: number, body: unknown, origin: string) {
      const input = parseInput(shareTokenInput, body);
      checkShareable(await shareTokens.objectOwner(input.object_type, input.object_id), ownerId);
      const expiresAt = shareTokenExpiry(input);
      const row = await db.transaction().execute(async (trx) => {
        const inserted = await shareTokens.insert(trx, {
          owner_id: ownerId,
          token: randomBytes(24).toString('base64url'),
          object_type: input.object_type,
          object_id: input.object_id,
          expires_at: expiresAt,
        });
        await writeAuditEntry(trx, {
          userId: ownerId,
          entity: 'shareTokens',
          entityId: inserted.id,
          action: 'insert',
          newValues: {
            object_type: inserted.object_type,
            object_id: inserted.object_id,
            expires_at: expiresAt,
          },
        });
        return inserted;
      });
      return view(row, origin);
    },

    async list(ownerId: number, origin: string) {
      return (await shareTokens.listOwned(ownerId)).map((row) => view(row, origin));
    },

    async revoke(ownerId: number, id: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const row = await shareTokens.findOwned(ownerId, id, trx);
        if (!row) throw AppError.domain(404, 'share_token_not_found');
        if (!revocationNeeded(row)) return;
        const revoked = await shareTokens.revoke(trx, id);
        await writeAuditEntry(trx, {
          userId: ownerId,
          entity: 'shareTokens',
          entityId: id,
          action: 'revoke',
          oldValues: { revoked_at: null },
          newValues: { revoked_at: revoked.revoked_at },
        });
      });
    },
  };
}
