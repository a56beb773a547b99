// What a visitor may read over REST: the shared object and what hangs under it (a sequence's injections
// and measurements; a sample's injections and measurements; an injection's measurement; a saved overlay's
// measurements), while its share
// token is neither revoked nor expired. Reads then run in the token's workspace.
import type { DomainErrorCode } from '@eluent/contracts';
import type { ShareObjectType } from '../../db/domain-schema.ts';
import { AppError } from '../../errors.ts';
import type { OverlaysRepository } from '../../repositories/overlays.ts';
import type { ShareTokensRepository } from '../../repositories/share-tokens.ts';
import type { RunsRepository } from '../../repositories/sequences-runs.ts';
import { shareTokenInvalid } from './share-tokens.ts';

/** Who reads: a signed-in user, or a visitor holding a share token for one object. */
export type Reader =
  | { kind: 'user'; userId: number; workspaceId: number }
  | { kind: 'visitor'; shareTokenId: number; objectType: ShareObjectType; objectId: number };

export function createShareAccess(deps: {
  shareTokens: ShareTokensRepository;
  runs: RunsRepository;
  overlays: OverlaysRepository;
}) {
  const { shareTokens, runs, overlays } = deps;

  /** The visitor's active share token, or a 401 when it was revoked or has expired. */
  async function active(reader: Extract<Reader, { kind: 'visitor' }>) {
    const row = await shareTokens.activeById(reader.shareTokenId);
    if (!row || row.object_type !== reader.objectType || row.object_id !== reader.objectId) {
      throw new AppError(401, 'share_token_not_valid', shareTokenInvalid);
    }
    return row;
  }

  async function injectionVisible(
    share: { object_type: ShareObjectType; object_id: number },
    injectionId: number | null,
  ): Promise<boolean> {
    if (injectionId === null || share.object_type === 'overlay') return false;
    if (share.object_type === 'injection') return share.object_id === injectionId;
    const injection = await runs.injection(injectionId);
    if (!injection) return false;
    return share.object_type === 'sample'
      ? injection.sample_id === share.object_id
      : injection.sequence_id === share.object_id;
  }

  /** The workspace whose rows the reader sees, after checking a visitor's scope; else `notFound`. */
  async function workspaceFor(
    reader: Reader,
    target: { type: 'sequence' | 'injection' | 'measurement'; id: number },
    notFound: DomainErrorCode,
  ): Promise<number> {
    if (reader.kind === 'user') return reader.workspaceId;
    const share = await active(reader);
    let visible = false;
    if (target.type === 'sequence') {
      visible = share.object_type === 'sequence' && share.object_id === target.id;
    } else if (target.type === 'injection') {
      visible = await injectionVisible(share, target.id);
    } else if (share.object_type === 'overlay') {
      const overlay = await overlays.find(share.workspace_id, share.object_id);
      visible = overlay?.measurement_ids.includes(target.id) ?? false;
    } else {
      const measurement = await runs.measurement(target.id);
      visible =
        measurement !== undefined &&
        ((share.object_type === 'sample' && measurement.sample_id === share.object_id) ||
          (await injectionVisible(share, measurement.injection_id)));
    }
    if (!visible) throw AppError.domain(404, notFound);
    return share.workspace_id;
  }

  return { workspaceFor };
}

export type ShareAccess = ReturnType<typeof createShareAccess>;
