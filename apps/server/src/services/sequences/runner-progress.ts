// What the runner tells the world about a sequence: its progress, its failure, and the next row of its plan.
import type { SequenceProgressEvent } from '@eluent/contracts';
import type { Executor } from '../../db/schema.ts';
import type { RunsRepository } from '../../repositories/sequences-runs.ts';
import type { DraftRow, SequenceRow, SequencesRepository } from '../../repositories/sequences.ts';
import { writeAudit } from '../../repositories/audit.ts';

export interface Step {
  draft: DraftRow;
  replicate: number;
}

export function planOf(drafts: DraftRow[]): Step[] {
  return drafts
    .filter((draft) => draft.enabled)
    .flatMap((draft) =>
      Array.from({ length: draft.injections_count }, (_, i) => ({ draft, replicate: i + 1 })),
    );
}

/**
 * The audit entry of a sequence's end (`finish` or `error`), written in the transaction that stores the end:
 * the server's own work on behalf of whoever started the run.
 */
export async function auditSequenceEnd(
  trx: Executor,
  sequence: SequenceRow,
  end: { action: 'finish' | 'error'; oldValues?: unknown; newValues: unknown },
): Promise<void> {
  await writeAudit(trx, {
    userId: sequence.started_by,
    ownerId: sequence.owner_id,
    workspaceId: sequence.workspace_id,
    entity: 'sequences',
    entityId: sequence.id,
    label: sequence.name,
    action: end.action,
    oldValues: end.oldValues,
    newValues: end.newValues,
  });
}

export interface RunProgressDependencies {
  sequences: SequencesRepository;
  runs: RunsRepository;
  publish: (event: SequenceProgressEvent) => void;
}

export function createRunProgress({ sequences, runs, publish }: RunProgressDependencies) {
  const { db } = sequences;

  async function progress(sequence: SequenceRow, measurementId: number | null = null): Promise<void> {
    const plan = planOf(await sequences.drafts([sequence.id]));
    const done = sequence.started_at
      ? (await runs.injectionsOfRun(sequence.id, sequence.started_at)).filter(
          (i) => i.state !== 'running' && i.state !== 'pending' && !i.requeued,
        ).length
      : 0;
    publish({
      type: 'progress',
      sequence_id: sequence.id,
      state: sequence.state,
      current_draft_id: sequence.current_draft_id,
      current_injection_id: sequence.current_injection_id,
      current_measurement_id: measurementId,
      completed_injections: done,
      total_injections: plan.length,
      error_code: sequence.error_code,
      at: new Date().toISOString(),
    });
  }

  async function fail(sequence: SequenceRow, code: string): Promise<void> {
    // The state and its audit entry commit together: nobody reads an ERROR the trail does not hold.
    const row = await db.transaction().execute(async (trx) => {
      const updated = await sequences.update(trx, sequence.id, {
        state: 'ERROR',
        error_code: code,
        finished_at: new Date(),
      });
      await auditSequenceEnd(trx, sequence, { action: 'error', newValues: { error_code: code } });
      return updated;
    });
    await progress(row);
  }

  /** The first row × replicate of the plan that has no injection in this run yet. */
  async function nextStep(sequenceId: number, startedAt: Date): Promise<Step | undefined> {
    const drafts = await sequences.drafts([sequenceId]);
    // A re-queued interrupted injection stays on record but its row runs again.
    const made = (await runs.injectionsOfRun(sequenceId, startedAt)).filter((i) => !i.requeued);
    return planOf(drafts).find(
      (step) => !made.some((i) => i.draft_id === step.draft.id && i.replicate === step.replicate),
    );
  }

  return { progress, fail, nextStep };
}

export type RunProgress = ReturnType<typeof createRunProgress>;
