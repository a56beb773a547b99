// Marking an injection interrupted (docs/sequences.md "Interrupted injections"): its state and reason, its
// measurement closed with the points stored so far, and the sequence on it paused, its row run again or
// skipped by its method's policy; one transaction with its audit entry.
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { writeAudit } from '../../repositories/audit.ts';
import type { InjectionRow, RunsRepository } from '../../repositories/sequences-runs.ts';
import type { SequenceRow, SequencesRepository } from '../../repositories/sequences.ts';

export type InterruptionReason =
  | 'injection_interrupted_restart'
  | 'injection_interrupted_instrument_lost'
  | 'injection_interrupted_instrument_reset'
  | 'injection_interrupted_operator_stop';

/** How the sequence goes on after an interruption, by its method's policy. */
export type InterruptionStep = 'pause' | 'reinject' | 'skip';

export function unfinished(injection: InjectionRow | undefined): boolean {
  return injection?.state === 'running' || injection?.state === 'pending';
}

export interface InjectionInterruptDependencies {
  sequences: SequencesRepository;
  runs: RunsRepository;
  logger: FastifyBaseLogger;
  /** Publishes a sequence's progress after its injection was interrupted. */
  changed: (sequence: SequenceRow) => Promise<void>;
  /** Drives a sequence on whose method chose to re-inject or skip an interrupted injection. */
  goOn: (sequenceId: number) => Promise<void>;
}

export function createInjectionInterrupt(deps: InjectionInterruptDependencies) {
  const { sequences, runs, logger } = deps;
  const { db } = sequences;

  /**
   * Marks a running injection interrupted (once: nothing happens when it ended meanwhile). Its measurement
   * keeps the points stored so far; a RUNNING sequence on it pauses.
   */
  async function interrupt(injectionId: number, reason: InterruptionReason): Promise<boolean> {
    // A run stopped on the instrument has ended (its measurement closed with every point): only the
    // injection's state and the sequence change, so the row is not lost silently.
    const stopped = reason === 'injection_interrupted_operator_stop';
    const outcome = await db.transaction().execute(async (trx) => {
      const injection = await runs.lockInjection(trx, injectionId);
      if (!injection || !(stopped ? injection.state === 'stopped' : unfinished(injection))) return null;
      const measurement = stopped ? undefined : await runs.measurementOfInjection(injectionId, trx);
      if (measurement) await runs.closeInterrupted(trx, measurement.id, reason);
      const row =
        injection.sequence_id === null ? undefined : await sequences.byId(injection.sequence_id, trx);
      const step = row ? await nextStepOf(trx, injection, row) : 'pause';
      await runs.updateInjection(trx, injectionId, {
        state: 'interrupted',
        interrupted_reason: reason,
        finished_at: new Date(),
        ...(step === 'reinject' ? { requeued: true } : {}),
      });
      if (!row) return null;
      const paused =
        step === 'pause' && row.state === 'RUNNING' && row.current_injection_id === injectionId
          ? await sequences.update(trx, row.id, { state: 'PAUSED' })
          : row;
      await writeAudit(trx, {
        userId: row.started_by,
        ownerId: row.owner_id,
        workspaceId: injection.workspace_id,
        entity: 'injections',
        entityId: injectionId,
        parent: { entity: 'sequences', id: row.id },
        action: 'interrupt',
        oldValues: { state: injection.state, sequence_state: row.state },
        newValues: { state: 'interrupted', interrupted_reason: reason, sequence_state: paused.state, step },
      });
      return { sequence: paused, step };
    });
    if (!outcome) return false;
    const { sequence, step } = outcome;
    logger.warn({ injectionId, sequenceId: sequence.id, reason, step }, 'injection interrupted');
    await deps.changed(sequence);
    if (step !== 'pause') void deps.goOn(sequence.id);
    return true;
  }

  /**
   * What the sequence does after this interruption, by its method's choice (docs/sequences.md
   * "Interrupted injections"): pause for the user; run the row again once (then pause); skip to the next
   * row. Only a RUNNING sequence on this injection goes on by itself.
   */
  async function nextStepOf(
    trx: Transaction<Database>,
    injection: InjectionRow,
    row: SequenceRow,
  ): Promise<InterruptionStep> {
    if (row.state !== 'RUNNING' || row.current_injection_id !== injection.id || !row.started_at)
      return 'pause';
    const policy = await runs.interruptedPolicy(trx, injection.method_id);
    if (policy === 'skip') return 'skip';
    if (policy === 'pause') return 'pause';
    return (await runs.interruptedBefore(trx, injection, row.started_at)) === 0 ? 'reinject' : 'pause';
  }

  return interrupt;
}
