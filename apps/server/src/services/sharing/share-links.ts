// Share links over REST: members of the workspace of a sample, an injection or a sequence create, list and revoke
// read-only share tokens; each has the address the shared view opens.
import { randomBytes } from 'node:crypto';
import type { ShareLink } from '@eluent/contracts';
import type { Kysely } from 'kysely';
import type { ShareObjectType } from '../../db/domain-schema.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { ShareTokenRow, ShareTokensRepository } from '../../repositories/share-tokens.ts';
import { writeAudit } from '../../repositories/audit.ts';
import { parseInput } from '../../lib/input.ts';
import { requireRole, type Actor } from '../workspaces/actor.ts';
import { checkShareable, revocationNeeded, shareTokenExpiry, shareTokenInput } from './share-token-rules.ts';

/** The shared view's address (see apps/web/src/share/shareLink.ts). */
export function shareUrl(origin: string, token: string, type: ShareObjectType, id: number): string {
  const query = `token=${encodeURIComponent(token)}`;
  if (type === 'sample') return `${origin}/share/?${query}#/samples/${id}/`;
  if (type === 'overlay') return `${origin}/share/?${query}&id=${id}#/overlays/`;
  return `${origin}/share/?${query}&id=${id}#/reports/${type}/`;
}

function view(row: ShareTokenRow, origin: string): ShareLink {
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

/** The shared object, whose trail also shows its links' creation and revocation. */
const sharedEntity: Record<ShareObjectType, string> = {
  sequence: 'sequences',
  sample: 'samples',
  injection: 'injections',
  overlay: 'overlays',
};
const parentOf = (row: { object_type: ShareObjectType; object_id: number }) => ({
  entity: sharedEntity[row.object_type],
  id: row.object_id,
});

export function createShareLinksService(shareTokens: ShareTokensRepository, db: Kysely<Database>) {
  return {
    async create(actor: Actor, body: unknown, origin: string) {
      requireRole(actor, 'shareLinks.create');
      const input = parseInput(shareTokenInput, body);
      checkShareable(
        await shareTokens.objectWorkspace(input.object_type, input.object_id),
        actor.workspaceId,
      );
      const expiresAt = shareTokenExpiry(input);
      const row = await db.transaction().execute(async (trx) => {
        const inserted = await shareTokens.insert(trx, {
          owner_id: actor.userId,
          workspace_id: actor.workspaceId,
          token: randomBytes(24).toString('base64url'),
          object_type: input.object_type,
          object_id: input.object_id,
          expires_at: expiresAt,
        });
        await writeAudit(trx, {
          userId: actor.userId,
          workspaceId: actor.workspaceId,
          entity: 'shareTokens',
          entityId: inserted.id,
          parent: parentOf(inserted),
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

    async list(actor: Actor, origin: string) {
      requireRole(actor, 'shareLinks.read');
      return (await shareTokens.listInWorkspace(actor.workspaceId)).map((row) => view(row, origin));
    },

    async revoke(actor: Actor, id: number): Promise<void> {
      requireRole(actor, 'shareLinks.revoke');
      await db.transaction().execute(async (trx) => {
        const row = await shareTokens.findInWorkspace(actor.workspaceId, id, trx);
        if (!row) throw AppError.domain(404, 'share_token_not_found');
        if (!revocationNeeded(row)) return;
        const revoked = await shareTokens.revoke(trx, id);
        await writeAudit(trx, {
          userId: actor.userId,
          workspaceId: actor.workspaceId,
          entity: 'shareTokens',
          entityId: id,
          parent: parentOf(row),
          action: 'revoke',
          oldValues: { revoked_at: null },
          newValues: { revoked_at: revoked.revoked_at },
        });
      });
    },
  };
}
