// Setting a sequence going: its start after every rule a start checks, and after an interrupted injection
// going on with the next row or running the interrupted row again.
import { AppError } from '../../errors.ts';
import type { SequenceRow } from '../../repositories/sequences.ts';
import type { Actor } from '../workspaces/actor.ts';
import { planOf } from './runner-progress.ts';
import type { SequenceView } from './sequence-views.ts';
import { checkNotSigned } from './sequences-locks.ts';
import { checkStart, type ControlSteps, type SequenceControlDependencies } from './sequence-control-steps.ts';

export function createSequenceStart(deps: SequenceControlDependencies, steps: ControlSteps) {
  const { sequences, runs, runner } = deps;
  const { owned, checkInstrument, transition, view } = steps;

  /** The interrupted injection a PAUSED sequence waits on; refuses anything else. */
  async function interruptedOf(row: SequenceRow) {
    const injection =
      row.current_injection_id === null ? undefined : await runs.injection(row.current_injection_id);
    if (row.state !== 'PAUSED' || injection?.state !== 'interrupted') {
      throw AppError.domain(409, 'sequence_not_interrupted');
    }
    return injection;
  }

  /**
   * After an interrupted injection: the run goes on with the next row (`requeue` false; the interrupted
   * injection stays on record) or runs the interrupted row again (`requeue` true).
   */
  async function proceed(actor: Actor, sequenceId: number, requeue: boolean): Promise<SequenceView> {
    const sequence = await owned(actor, sequenceId);
    await checkNotSigned(sequences, sequenceId);
    const injection = await interruptedOf(sequence);
    await checkInstrument(sequence);
    const row = await transition(
      actor,
      sequence,
      (locked) => {
        if (locked.state !== 'PAUSED' || locked.current_injection_id !== injection.id) {
          throw AppError.domain(409, 'sequence_not_interrupted');
        }
      },
      { state: 'RUNNING' },
      requeue ? 'requeue' : 'continue',
      async (trx) => {
        if (requeue) await runs.updateInjection(trx, injection.id, { requeued: true });
      },
    );
    await runner.kick(sequenceId);
    return view((await sequences.byId(sequenceId)) ?? row);
  }

  async function start(actor: Actor, sequenceId: number): Promise<SequenceView> {
    const sequence = await owned(actor, sequenceId);
    await checkNotSigned(sequences, sequenceId);
    await checkStart(deps, steps, sequence);
    const first = planOf(await sequences.drafts([sequenceId]))[0]!;
    const row = await transition(
      actor,
      sequence,
      (locked) => {
        if (locked.state === 'RUNNING') throw AppError.domain(409, 'sequence_already_running');
      },
      {
        state: 'RUNNING',
        started_at: new Date(),
        finished_at: null,
        error_code: null,
        current_draft_id: first.draft.id,
        current_injection_id: null,
      },
      'start',
    );
    await runner.kick(sequenceId);
    return view((await sequences.byId(sequenceId)) ?? row);
  }

  return {
    start,
    continue: (actor: Actor, sequenceId: number) => proceed(actor, sequenceId, false),
    requeue: (actor: Actor, sequenceId: number) => proceed(actor, sequenceId, true),
  };
}
