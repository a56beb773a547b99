// Saved overlays over REST (docs/overlays.md): members of a workspace list and open its overlays; roles
// holding overlays.create/update/delete save, rename and delete them, each change audited in its
// transaction. A visitor holding a share link to one overlay opens that overlay only.
import { overlayInputSchema, overlayRenameSchema, type SavedOverlay } from '@eluent/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { parseInput } from '../../lib/input.ts';
import { writeAudit } from '../../repositories/audit.ts';
import type { OverlayRow, OverlaysRepository } from '../../repositories/overlays.ts';
import type { ShareTokensRepository } from '../../repositories/share-tokens.ts';
import { shareTokenInvalid } from '../sharing/share-tokens.ts';
import type { Reader } from '../sharing/share-access.ts';
import { requireRole, type Actor } from '../workspaces/actor.ts';

export function overlayView(row: OverlayRow, names: ReadonlyMap<number, string>): SavedOverlay {
  return {
    id: row.id,
    name: row.name,
    measurement_ids: row.measurement_ids,
    layout: row.layout,
    normalisation: row.normalisation,
    peak_time_min: row.peak_time_min,
    hidden_ids: row.hidden_ids,
    traces: row.measurement_ids.map((id) => ({ measurement_id: id, name: names.get(id) ?? null })),
    owner_id: row.owner_id,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/** What the audit trail keeps of an overlay. */
function audited(row: OverlayRow) {
  return {
    name: row.name,
    measurement_ids: row.measurement_ids,
    layout: row.layout,
    normalisation: row.normalisation,
    peak_time_min: row.peak_time_min,
    hidden_ids: row.hidden_ids,
  };
}

export function createOverlaysService(deps: {
  db: Kysely<Database>;
  overlays: OverlaysRepository;
  shareTokens: ShareTokensRepository;
}) {
  const { db, overlays, shareTokens } = deps;

  /** The overlays as answered, with their measurements' names read in one statement. */
  async function views(rows: OverlayRow[]): Promise<SavedOverlay[]> {
    if (rows.length === 0) return [];
    const ids = [...new Set(rows.flatMap((row) => row.measurement_ids))];
    const names = await overlays.measurementNames(rows[0]!.workspace_id, ids);
    return rows.map((row) => overlayView(row, names));
  }
  const view = async (row: OverlayRow) => (await views([row]))[0]!;

  return {
    async list(actor: Actor): Promise<SavedOverlay[]> {
      requireRole(actor, 'overlays.read');
      return views(await overlays.list(actor.workspaceId));
    },

    /** One overlay for a member of its workspace, or for a visitor whose active share names it. */
    async get(reader: Reader, id: number): Promise<SavedOverlay> {
      if (reader.kind === 'visitor') {
        const share = await shareTokens.activeById(reader.shareTokenId);
        if (!share) throw new AppError(401, 'share_token_not_valid', shareTokenInvalid);
        if (share.object_type !== 'overlay' || share.object_id !== id) {
          throw AppError.domain(404, 'overlay_not_found');
        }
        const row = await overlays.find(share.workspace_id, id);
        if (!row) throw AppError.domain(404, 'overlay_not_found');
        return view(row);
      }
      const row = await overlays.find(reader.workspaceId, id);
      if (!row) throw AppError.domain(404, 'overlay_not_found');
      return view(row);
    },

    async create(actor: Actor, body: unknown): Promise<SavedOverlay> {
      requireRole(actor, 'overlays.create');
      const input = parseInput(overlayInputSchema, body);
      const found = await overlays.countMeasurements(actor.workspaceId, input.measurement_ids);
      if (found !== input.measurement_ids.length) {
        throw AppError.domain(404, 'overlay_measurement_not_found');
      }
      const values = {
        ...input,
        peak_time_min: input.normalisation === 'peak' ? input.peak_time_min : null,
      };
      const row = await db.transaction().execute(async (trx) => {
        const inserted = await overlays.insert(trx, actor, values);
        await writeAudit(trx, {
          userId: actor.userId,
          workspaceId: actor.workspaceId,
          entity: 'overlays',
          entityId: inserted.id,
          action: 'insert',
          label: inserted.name,
          newValues: audited(inserted),
        });
        return inserted;
      });
      return view(row);
    },

    async rename(actor: Actor, id: number, body: unknown): Promise<SavedOverlay> {
      requireRole(actor, 'overlays.update');
      const { name } = parseInput(overlayRenameSchema, body);
      const row = await db.transaction().execute(async (trx) => {
        const before = await overlays.find(actor.workspaceId, id, trx);
        if (!before) throw AppError.domain(404, 'overlay_not_found');
        if (before.name === name) return before;
        const after = await overlays.rename(trx, id, name);
        await writeAudit(trx, {
          userId: actor.userId,
          ownerId: before.owner_id,
          workspaceId: actor.workspaceId,
          entity: 'overlays',
          entityId: id,
          action: 'update',
          label: name,
          oldValues: { name: before.name },
          newValues: { name },
        });
        return after;
      });
      return view(row);
    },

    async remove(actor: Actor, id: number): Promise<void> {
      requireRole(actor, 'overlays.delete');
      await db.transaction().execute(async (trx) => {
        const before = await overlays.find(actor.workspaceId, id, trx);
        if (!before) throw AppError.domain(404, 'overlay_not_found');
        await overlays.remove(trx, id);
        await writeAudit(trx, {
          userId: actor.userId,
          ownerId: before.owner_id,
          workspaceId: actor.workspaceId,
          entity: 'overlays',
          entityId: id,
          action: 'delete',
          label: before.name,
          oldValues: audited(before),
        });
      });
    },
  };
}

export type OverlaysService = ReturnType<typeof createOverlaysService>;
