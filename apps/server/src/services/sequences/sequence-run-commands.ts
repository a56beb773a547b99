// Commands to a running sequence: pause, resume and stop, passed on to the instrument running its injection.
import type { SequenceState } from '../../db/domain-schema.ts';
import { AppError } from '../../errors.ts';
import type { SequenceRow } from '../../repositories/sequences.ts';
import type { Actor } from '../workspaces/actor.ts';
import { commandInstrument, type InstrumentCommand, type InstrumentWarning } from './instrument-commands.ts';
import type { SequenceView } from './sequence-views.ts';
import type { ControlSteps, SequenceControlDependencies } from './sequence-control-steps.ts';

const expect =
  (states: SequenceState[], code: Parameters<typeof AppError.domain>[1]) => (row: SequenceRow) => {
    if (!states.includes(row.state)) throw AppError.domain(409, code);
  };

export function createRunCommands(deps: SequenceControlDependencies, steps: ControlSteps) {
  const { sequences, runs, port, runner, logger } = deps;
  const { owned, injectionRunning, transition, view } = steps;

  /** Sends the command when the instrument is running this sequence's injection; a warning if unconfirmed. */
  async function instruct(
    sequence: SequenceRow,
    running: boolean,
    command: InstrumentCommand,
  ): Promise<{ instrument_warning?: InstrumentWarning }> {
    if (sequence.device_id === null || !running) return {};
    const warning = await commandInstrument(
      port,
      logger,
      { sequenceId: sequence.id, deviceId: sequence.device_id },
      command,
    );
    return warning ? { instrument_warning: warning } : {};
  }

  async function pause(actor: Actor, sequenceId: number): Promise<SequenceView> {
    const sequence = await owned(actor, sequenceId);
    if (sequence.state !== 'RUNNING') throw AppError.domain(409, 'sequence_cannot_pause');
    const row = await transition(
      actor,
      sequence,
      expect(['RUNNING'], 'sequence_cannot_pause'),
      { state: 'PAUSED' },
      'pause',
    );
    // The instrument holds the current run; the next injection waits for RESUME.
    const warning = await instruct(sequence, await injectionRunning(row), 'pause');
    return { ...(await view(row)), ...warning };
  }

  async function resume(actor: Actor, sequenceId: number): Promise<SequenceView> {
    const sequence = await owned(actor, sequenceId);
    if (sequence.state !== 'PAUSED' || sequence.current_injection_id === null) {
      throw AppError.domain(409, 'sequence_cannot_resume');
    }
    if (sequence.current_draft_id === null) throw AppError.domain(409, 'sequence_current_draft_not_set');
    const current = await runs.injection(sequence.current_injection_id);
    if (current?.state === 'interrupted') throw AppError.domain(409, 'sequence_interrupted');
    const running = await injectionRunning(sequence);
    if (sequence.device_id !== null && !(await port.availability(sequence.device_id)).online) {
      throw AppError.domain(409, 'sequence_device_offline');
    }
    const row = await transition(
      actor,
      sequence,
      (locked) => {
        if (locked.state !== 'PAUSED' || locked.current_injection_id === null) {
          throw AppError.domain(409, 'sequence_cannot_resume');
        }
      },
      { state: 'RUNNING' },
      'resume',
    );
    const warning = await instruct(sequence, running, 'resume');
    await runner.kick(sequenceId);
    return { ...(await view((await sequences.byId(sequenceId)) ?? row)), ...warning };
  }

  async function stop(actor: Actor, sequenceId: number): Promise<SequenceView> {
    const sequence = await owned(actor, sequenceId);
    if (sequence.state !== 'RUNNING' && sequence.state !== 'PAUSED')
      throw AppError.domain(409, 'sequence_not_running');
    const row = await transition(
      actor,
      sequence,
      expect(['RUNNING', 'PAUSED'], 'sequence_not_running'),
      { state: 'STOPPED', finished_at: new Date() },
      'stop',
    );
    if (sequence.device_id !== null && (await injectionRunning(row))) {
      const availability = await port.availability(sequence.device_id);
      const measurement = await runs.measurementOfInjection(row.current_injection_id!);
      const runLost =
        availability.online &&
        availability.measurementId !== undefined &&
        availability.measurementId !== measurement?.id;
      if (runLost) {
        // The instrument is back without the run (it restarted): nothing can confirm a stop, so the
        // injection is marked interrupted now and a new start is possible. An offline instrument is left
        // to the watch of lost instruments (ELUENT_INSTRUMENT_LOST_SEC).
        await runner.interruptions.interrupt(
          row.current_injection_id!,
          'injection_interrupted_instrument_reset',
        );
        return view((await sequences.byId(sequenceId)) ?? row);
      }
    }
    const warning = await instruct(sequence, await injectionRunning(row), 'stop');
    return { ...(await view(row)), ...warning };
  }

  return { pause, resume, stop };
}
