// The sequence table's rows: added, changed, removed and ordered under the table's rules (rows that ran
// or run are locked; a signed sequence changes no more); every change lands in the audit trail.
import { draftInputSchema, draftOrderInputSchema } from '@eluent/contracts';
import { AppError } from '../../errors.ts';
import { writeAudit } from '../../repositories/audit.ts';
import type { RunsRepository } from '../../repositories/sequences-runs.ts';
import type { DraftRow, DraftValues, SequencesRepository } from '../../repositories/sequences.ts';
import { parseInput, parseOr } from '../../lib/input.ts';
import { requireRole, type Actor } from '../workspaces/actor.ts';
import { draftView, type DraftView } from './sequence-views.ts';
import {
  checkNotSigned,
  checkDraftUnlocked,
  checkOrderKeepsLocked,
  lockedDraftIds,
} from './sequences-locks.ts';
import type { SequenceChecks } from './sequence-checks.ts';

/** A body's `sequence_id`, when given, must name the sequence of the path. */
function checkBodySequence(body: Record<string, unknown>, sequenceId: number): void {
  if ('sequence_id' in body && body.sequence_id !== sequenceId)
    throw AppError.domain(400, 'draft_invalid_sequence_id');
}

export function createSequenceDrafts(
  sequences: SequencesRepository,
  runs: RunsRepository,
  { owned, checkDraft }: SequenceChecks,
) {
  const { db } = sequences;
  const updateDrafts = draftUpdater(sequences, runs, { owned, checkDraft });

  async function addDraft(
    actor: Actor,
    sequenceId: number,
    body: Record<string, unknown>,
  ): Promise<DraftView> {
    requireRole(actor, 'sequences.update');
    checkBodySequence(body, sequenceId);
    const sequence = await owned(actor.workspaceId, sequenceId);
    await checkNotSigned(sequences, sequenceId);
    const { sequence_id: _ignored, ...rest } = body;
    const values = parseOr(draftInputSchema, rest, 'draft_invalid');
    await checkDraft(actor.workspaceId, sequence, values);
    return db.transaction().execute(async (trx) => {
      const existing = await sequences.drafts([sequenceId], trx);
      const position = existing.reduce((max, d) => Math.max(max, d.position + 1), 0);
      const row = await sequences.insertDraft(trx, actor, sequenceId, position, values);
      await writeAudit(trx, {
        userId: actor.userId,
        workspaceId: actor.workspaceId,
        entity: 'drafts',
        entityId: row.id,
        label: `vial ${values.vial}`,
        parent: { entity: 'sequences', id: sequenceId },
        action: 'create',
        newValues: { sequence_id: sequenceId, ...values },
      });
      return draftView(row);
    });
  }

  async function removeDraft(actor: Actor, sequenceId: number, draftId: number): Promise<void> {
    requireRole(actor, 'sequences.update');
    const sequence = await owned(actor.workspaceId, sequenceId);
    await checkNotSigned(sequences, sequenceId);
    const draft = (await sequences.drafts([sequenceId])).find((d) => d.id === draftId);
    if (!draft) throw AppError.domain(400, 'draft_not_in_sequence');
    checkDraftUnlocked(await lockedDraftIds(runs, [sequence]), draftId);
    await db.transaction().execute(async (trx) => {
      await sequences.removeDraft(trx, draftId);
      // The current draft is gone: a paused run cannot continue from it (spec §8 "current draft not set").
      if (sequence.current_draft_id === draftId)
        await sequences.update(trx, sequenceId, { current_draft_id: null });
      await writeAudit(trx, {
        userId: actor.userId,
        workspaceId: actor.workspaceId,
        entity: 'drafts',
        entityId: draftId,
        label: `vial ${draft.vial}`,
        parent: { entity: 'sequences', id: sequenceId },
        action: 'delete',
        oldValues: draftView(draft),
      });
    });
  }

  /** Sets the order of the table; the list must name every draft of the sequence once. */
  async function orderDrafts(
    actor: Actor,
    sequenceId: number,
    body: Record<string, unknown>,
  ): Promise<DraftView[]> {
    requireRole(actor, 'sequences.update');
    checkBodySequence(body, sequenceId);
    const sequence = await owned(actor.workspaceId, sequenceId);
    await checkNotSigned(sequences, sequenceId);
    const { draft_ids: ids } = parseInput(draftOrderInputSchema, body);
    const existing = await sequences.drafts([sequenceId]);
    const known = new Set(existing.map((d) => d.id));
    if (ids.some((draftId) => !known.has(draftId))) throw AppError.domain(400, 'draft_not_in_sequence');
    if (new Set(ids).size !== ids.length || ids.length !== existing.length)
      throw AppError.domain(400, 'draft_invalid');
    const locked = await lockedDraftIds(runs, [sequence]);
    checkOrderKeepsLocked(existing, ids, locked);
    return db.transaction().execute(async (trx) => {
      const rows: DraftView[] = [];
      for (const [position, draftId] of ids.entries()) {
        rows.push(draftView(await sequences.updateDraft(trx, draftId, { position }), locked.has(draftId)));
      }
      await writeAudit(trx, {
        userId: actor.userId,
        workspaceId: actor.workspaceId,
        entity: 'sequences',
        entityId: sequenceId,
        label: sequence.name,
        action: 'order_drafts',
        oldValues: existing.map((d) => d.id),
        newValues: ids,
      });
      return rows;
    });
  }

  /** The sample's rows in this sequence; the sample must be in the sequence's table. */
  async function sampleInSequence(actor: Actor, sequenceId: number, sampleId: number) {
    requireRole(actor, 'sequences.read');
    await owned(actor.workspaceId, sequenceId);
    const drafts = (await sequences.drafts([sequenceId])).filter((d) => d.sample_id === sampleId);
    if (drafts.length === 0) throw AppError.domain(400, 'draft_sample_not_in_sequence');
    return drafts.map((draft) => draftView(draft));
  }

  return { addDraft, updateDrafts, removeDraft, orderDrafts, sampleInSequence };
}

/** Changes rows of the table: one draft (`draftId` given) or a list of drafts, each naming its id. */
function draftUpdater(
  sequences: SequencesRepository,
  runs: RunsRepository,
  { owned, checkDraft }: Pick<SequenceChecks, 'owned' | 'checkDraft'>,
) {
  const { db } = sequences;

  return async function updateDrafts(
    actor: Actor,
    sequenceId: number,
    updates: Array<Record<string, unknown>>,
  ): Promise<DraftView[]> {
    requireRole(actor, 'sequences.update');
    const sequence = await owned(actor.workspaceId, sequenceId);
    await checkNotSigned(sequences, sequenceId);
    const existing = new Map((await sequences.drafts([sequenceId])).map((d) => [d.id, d]));
    const locked = await lockedDraftIds(runs, [sequence]);
    const planned: Array<{ current: DraftRow; values: DraftValues }> = [];
    for (const update of updates) {
      checkBodySequence(update, sequenceId);
      if (update.id === undefined || update.id === null) throw AppError.domain(400, 'draft_id_required');
      const current = typeof update.id === 'number' ? existing.get(update.id) : undefined;
      if (!current) throw AppError.domain(400, 'draft_not_in_sequence');
      checkDraftUnlocked(locked, current.id);
      const { id: _id, sequence_id: _sequence, position: _position, ...rest } = update;
      const values = parseOr(
        draftInputSchema,
        {
          sample_id: current.sample_id,
          vial: current.vial,
          injections_count: current.injections_count,
          method_id: current.method_id,
          enabled: current.enabled,
          weight_mg: current.weight_mg,
          dilution: current.dilution,
          injection_ul: current.injection_ul,
          check_standard: current.check_standard,
          calibration_level: current.calibration_level,
          ...rest,
        },
        'draft_invalid',
      );
      await checkDraft(actor.workspaceId, sequence, values);
      planned.push({ current, values });
    }
    return db.transaction().execute(async (trx) => {
      const rows: DraftView[] = [];
      for (const { current, values } of planned) {
        rows.push(draftView(await sequences.updateDraft(trx, current.id, values)));
      }
      // The audit events last: the chain head stays locked only from here to the commit (docs/audit.md).
      for (const { current, values } of planned) {
        await writeAudit(trx, {
          userId: actor.userId,
          workspaceId: actor.workspaceId,
          entity: 'drafts',
          entityId: current.id,
          label: `vial ${values.vial ?? current.vial}`,
          parent: { entity: 'sequences', id: sequenceId },
          action: 'update',
          oldValues: draftView(current),
          newValues: values,
        });
      }
      return rows;
    });
  };
}
