// Sequences and the sequence table (spec §8 "Sequence table"): drafts are added, changed, ordered and
// enabled under the table's rules; every change lands in the audit trail.
import { domainErrors, sequenceInputSchema, type MethodLock } from '@eluent/contracts';
import type { Executor } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { SamplesRepository } from '../../repositories/samples.ts';
import { writeAudit } from '../../repositories/audit.ts';
import type { RunsRepository } from '../../repositories/sequences-runs.ts';
import type { SequenceRow, SequencesRepository } from '../../repositories/sequences.ts';
import { parseInput } from '../../lib/input.ts';
import { requireRole, type Actor } from '../workspaces/actor.ts';
import { interruptionOf, sequenceView, type SequenceView } from './sequence-views.ts';
import { checkNotSigned, checkSettingsChange, lockedDraftIds } from './sequences-locks.ts';
import { checkSequenceRemovable } from './sequences-rules.ts';
import { createSequenceChecks } from './sequence-checks.ts';
import { createSequenceDrafts } from './sequence-drafts.ts';

export { sequenceView, type DraftView, type SequenceView } from './sequence-views.ts';

export function createSequencesService(
  sequences: SequencesRepository,
  samples: SamplesRepository,
  runs: RunsRepository,
) {
  const { db } = sequences;

  const checks = createSequenceChecks(sequences, samples);
  const { owned, checkSequenceValues } = checks;

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

    ...createSequenceDrafts(sequences, runs, checks),
  };
}

export type SequencesService = ReturnType<typeof createSequencesService>;
