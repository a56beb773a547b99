// Sequences and the sequence table (spec §8 "Sequence table"): drafts are added, changed, ordered and
// enabled under the table's rules; every change lands in the audit trail.
import {
  componentsOfSnapshot,
  domainErrors,
  levelCount,
  draftInputSchema,
  draftOrderInputSchema,
  sequenceInputSchema,
  type MethodLock,
} from '@eluent/contracts';
import type { z } from 'zod';
import type { Executor } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { SamplesRepository } from '../../repositories/samples.ts';
import { writeAudit } from '../../repositories/audit.ts';
import type { RunsRepository } from '../../repositories/sequences-runs.ts';
import type {
  DraftRow,
  DraftValues,
  SequenceRow,
  SequencesRepository,
} from '../../repositories/sequences.ts';
import { parseInput, parseOr } from '../../lib/input.ts';
import { requireRole, type Actor } from '../workspaces/actor.ts';
import {
  draftView,
  interruptionOf,
  sequenceView,
  type DraftView,
  type SequenceView,
} from './sequence-views.ts';
import {
  checkNotSigned,
  checkDraftUnlocked,
  checkOrderKeepsLocked,
  checkSettingsChange,
  lockedDraftIds,
} from './sequences-locks.ts';
import { checkSequenceRemovable, hardwareOf, methodFitsDevice, standardComplete } from './sequences-rules.ts';

export { sequenceView, type DraftView, type SequenceView } from './sequence-views.ts';

/** A body's `sequence_id`, when given, must name the sequence of the path. */
function checkBodySequence(body: Record<string, unknown>, sequenceId: number): void {
  if ('sequence_id' in body && body.sequence_id !== sequenceId)
    throw AppError.domain(400, 'draft_invalid_sequence_id');
}

export function createSequencesService(
  sequences: SequencesRepository,
  samples: SamplesRepository,
  runs: RunsRepository,
) {
  const { db } = sequences;

  async function owned(workspaceId: number, sequenceId: number): Promise<SequenceRow> {
    const row = await sequences.find(workspaceId, sequenceId);
    if (!row) throw AppError.domain(404, 'sequence_not_found');
    return row;
  }

  async function checkSequenceValues(workspaceId: number, values: z.infer<typeof sequenceInputSchema>) {
    const device = await samples.device(workspaceId, values.device_id);
    if (!device) throw AppError.domain(404, 'device_not_found');
    if (values.method_id !== null) {
      const method = await samples.method(workspaceId, values.method_id);
      if (!method) throw AppError.domain(400, 'sequence_method_not_configured');
      if (!methodFitsDevice(method, device)) throw AppError.domain(400, 'sequence_method_incompatible');
    }
    if (values.template_uuid !== null && !(await sequences.template(workspaceId, values.template_uuid))) {
      throw AppError.validation({ template_uuid: ['is not valid'] });
    }
  }

  /** Checks one row of the table against the sample, the instrument and the standards. */
  async function checkDraft(workspaceId: number, sequence: SequenceRow, values: DraftValues): Promise<void> {
    const sample = await samples.find(workspaceId, values.sample_id);
    if (!sample) throw AppError.domain(400, 'draft_invalid', { fields: { sample_id: ['is not valid'] } });
    const device =
      sequence.device_id === null ? undefined : await samples.device(workspaceId, sequence.device_id);
    const vials = device ? hardwareOf(device).find((c) => c.kind === 'autosampler')?.limits.vials : undefined;
    if (vials !== undefined && values.vial > vials) {
      throw AppError.domain(400, 'draft_invalid', { fields: { vial: [`Must be lower than ${vials + 1}`] } });
    }
    const maxUl = device
      ? hardwareOf(device).find((c) => c.kind === 'injector')?.limits.max_injection_ul
      : undefined;
    if (values.injection_ul !== null && typeof maxUl === 'number' && values.injection_ul > maxUl) {
      throw AppError.domain(400, 'draft_invalid', {
        fields: { injection_ul: [`Must be at most ${maxUl} µL`] },
      });
    }
    if (values.method_id !== null) {
      const method = await samples.method(workspaceId, values.method_id);
      if (!method) throw AppError.domain(400, 'draft_invalid', { fields: { method_id: ['is not valid'] } });
      if (device && !methodFitsDevice(method, device))
        throw AppError.domain(400, 'sequence_method_incompatible');
    }
    if (values.calibration_level !== null) {
      await checkLevel(workspaceId, sequence, sample.type, values.calibration_level);
      return;
    }
    if (
      values.enabled &&
      sample.type === 'standard' &&
      !standardComplete(await samples.analytes([sample.id]))
    ) {
      throw AppError.domain(400, 'draft_cannot_be_enabled');
    }
  }

  /** A row's calibration level: a standard's, and one the sequence template's component table has. */
  async function checkLevel(workspaceId: number, sequence: SequenceRow, type: string, level: number) {
    const field = (message: string) =>
      AppError.domain(400, 'draft_invalid', { fields: { calibration_level: [message] } });
    if (type !== 'standard') throw field('Only a standard has a calibration level');
    const template =
      sequence.template_uuid === null
        ? undefined
        : await sequences.template(workspaceId, sequence.template_uuid);
    const levels = levelCount(componentsOfSnapshot(template));
    if (levels < level)
      throw field(
        levels === 0
          ? "The sequence's template has no calibration levels"
          : `The template's component table has ${levels} level${levels === 1 ? '' : 's'}`,
      );
  }

  async function view(row: SequenceRow, executor: Executor = db): Promise<SequenceView> {
    return sequenceView(
      row,
      await sequences.drafts([row.id], executor),
      await lockedDraftIds(runs, [row], executor),
      await interruptionOf(runs, row, executor),
      await sequences.signed(row.id, executor),
    );
  }

  return {
    owned,
    async list(actor: Actor): Promise<SequenceView[]> {
      requireRole(actor, 'sequences.read');
      const rows = await sequences.list(actor.workspaceId);
      const drafts = await sequences.drafts(rows.map((row) => row.id));
      const locked = await lockedDraftIds(runs, rows);
      return Promise.all(
        rows.map(async (row) =>
          sequenceView(row, drafts, locked, await interruptionOf(runs, row), await sequences.signed(row.id)),
        ),
      );
    },

    /** Why a method the workspace may use cannot change now: a signed record or a running sequence uses it. */
    async methodLock(actor: Actor, methodId: number): Promise<MethodLock> {
      requireRole(actor, 'methods.read');
      const method = await samples.method(actor.workspaceId, methodId);
      if (!method) throw AppError.domain(404, 'method_not_found');
      // An example method is shared by every workspace and read-only anyway: what other labs signed with it
      // is none of this one's business.
      const code =
        method.workspace_id === actor.workspaceId ? await sequences.methodLockCode(methodId) : null;
      return {
        method_id: methodId,
        lock:
          code === 'record_signed_locked' || code === 'sequence_running_method_locked'
            ? { code, detail: domainErrors[code] }
            : null,
      };
    },

    async get(actor: Actor, sequenceId: number): Promise<SequenceView> {
      requireRole(actor, 'sequences.read');
      return view(await owned(actor.workspaceId, sequenceId));
    },

    async create(actor: Actor, body: Record<string, unknown>): Promise<SequenceView> {
      requireRole(actor, 'sequences.create');
      const values = parseInput(sequenceInputSchema, body);
      await checkSequenceValues(actor.workspaceId, values);
      return db.transaction().execute(async (trx) => {
        const row = await sequences.insert(trx, actor, values);
        await writeAudit(trx, {
          userId: actor.userId,
          workspaceId: actor.workspaceId,
          entity: 'sequences',
          entityId: row.id,
          action: 'create',
          newValues: values,
        });
        return sequenceView(row, []);
      });
    },

    async update(actor: Actor, sequenceId: number, body: Record<string, unknown>): Promise<SequenceView> {
      requireRole(actor, 'sequences.update');
      const current = await owned(actor.workspaceId, sequenceId);
      await checkNotSigned(sequences, sequenceId);
      const values = parseInput(sequenceInputSchema, {
        name: current.name,
        device_id: current.device_id,
        method_id: current.method_id,
        template_uuid: current.template_uuid,
        ...body,
      });
      checkSettingsChange(current, values);
      await checkSequenceValues(actor.workspaceId, values);
      return db.transaction().execute(async (trx) => {
        const row = await sequences.update(trx, sequenceId, values);
        await writeAudit(trx, {
          userId: actor.userId,
          workspaceId: actor.workspaceId,
          entity: 'sequences',
          entityId: sequenceId,
          action: 'update',
          oldValues: {
            name: current.name,
            device_id: current.device_id,
            method_id: current.method_id,
            template_uuid: current.template_uuid,
          },
          newValues: values,
        });
        return view(row, trx);
      });
    },

    async remove(actor: Actor, sequenceId: number): Promise<void> {
      requireRole(actor, 'sequences.delete');
      await db.transaction().execute(async (trx) => {
        // Locked, so a start cannot slip in between the rule and the delete.
        const current = await sequences.lock(trx, actor.workspaceId, sequenceId);
        if (!current) throw AppError.domain(404, 'sequence_not_found');
        await checkNotSigned(sequences, sequenceId, trx);
        checkSequenceRemovable(current);
        await sequences.remove(trx, sequenceId);
        await writeAudit(trx, {
          userId: actor.userId,
          workspaceId: actor.workspaceId,
          entity: 'sequences',
          entityId: sequenceId,
          action: 'delete',
          oldValues: { name: current.name },
        });
      });
    },

    async addDraft(actor: Actor, sequenceId: number, body: Record<string, unknown>): Promise<DraftView> {
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
    },

    /** Changes rows of the table: one draft (`draftId` given) or a list of drafts, each naming its id. */
    async updateDrafts(
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
    },

    async removeDraft(actor: Actor, sequenceId: number, draftId: number): Promise<void> {
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
    },

    /** Sets the order of the table; the list must name every draft of the sequence once. */
    async orderDrafts(actor: Actor, sequenceId: number, body: Record<string, unknown>): Promise<DraftView[]> {
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
    },

    /** The sample's rows in this sequence; the sample must be in the sequence's table. */
    async sampleInSequence(actor: Actor, sequenceId: number, sampleId: number) {
      requireRole(actor, 'sequences.read');
      await owned(actor.workspaceId, sequenceId);
      const drafts = (await sequences.drafts([sequenceId])).filter((d) => d.sample_id === sampleId);
      if (drafts.length === 0) throw AppError.domain(400, 'draft_sample_not_in_sequence');
      return drafts.map((draft) => draftView(draft));
    },
  };
}

export type SequencesService = ReturnType<typeof createSequencesService>;
