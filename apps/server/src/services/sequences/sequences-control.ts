// Start, pause, resume and stop a sequence under the rules of spec §4, §5 and §8. Checks run before any
// write; the state change itself runs in a transaction on the locked row, so racing calls cannot both pass.
import { componentsOfSnapshot, levelCount } from '@eluent/contracts';
import { AppError } from '../../errors.ts';
import type { SamplesRepository } from '../../repositories/samples.ts';
import { writeAudit } from '../../repositories/audit.ts';
import type { RunsRepository } from '../../repositories/sequences-runs.ts';
import type { SequenceRow, SequencesRepository } from '../../repositories/sequences.ts';
import type { InstrumentPort } from './instrument-port.ts';
import { planOf, type SequenceRunner } from './runner.ts';
import {
  checkFractionCollector,
  checkMethodLimits,
  methodFitsDevice,
  standardComplete,
} from './sequences-rules.ts';
import { interruptionOf, sequenceView, type SequenceView } from './sequence-views.ts';
import { checkNotSigned, lockedDraftIds } from './sequences-locks.ts';
import type { SequenceState } from '../../db/domain-schema.ts';
import type { FastifyBaseLogger } from 'fastify';
import { commandInstrument, type InstrumentCommand, type InstrumentWarning } from './instrument-commands.ts';
import type { Database } from '../../db/schema.ts';
import type { Transaction } from 'kysely';
import { requireRole, type Actor } from '../workspaces/actor.ts';

export function createSequenceControl(deps: {
  sequences: SequencesRepository;
  samples: SamplesRepository;
  runs: RunsRepository;
  port: InstrumentPort;
  runner: SequenceRunner;
  logger: Pick<FastifyBaseLogger, 'warn'>;
}) {
  const { sequences, samples, runs, port, runner, logger } = deps;
  const { db } = sequences;

  async function owned(actor: Actor, sequenceId: number): Promise<SequenceRow> {
    requireRole(actor, 'sequences.run');
    const row = await sequences.find(actor.workspaceId, sequenceId);
    if (!row) throw AppError.domain(404, 'sequence_not_found');
    return row;
  }

  async function injectionRunning(sequence: SequenceRow): Promise<boolean> {
    if (sequence.current_injection_id === null) return false;
    const injection = await runs.injection(sequence.current_injection_id);
    return injection?.state === 'running' || injection?.state === 'pending';
  }

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

  async function checkInstrument(sequence: SequenceRow) {
    if (sequence.device_id === null) throw AppError.domain(409, 'sequence_device_not_connected');
    const device = await samples.device(sequence.workspace_id, sequence.device_id);
    if (!device) throw AppError.domain(409, 'sequence_device_not_connected');
    const availability = await port.availability(device.id);
    if (!availability.online) throw AppError.domain(409, 'sequence_device_offline');
    if (availability.busy || (await sequences.activeOnDevice(device.id, sequence.id))) {
      throw AppError.domain(409, 'sequence_device_busy');
    }
    // A run would end the purge or equilibration under way: the analyst waits for ready or stops it.
    if (availability.activity === 'equilibrating')
      throw AppError.domain(409, 'sequence_device_equilibrating');
    if (availability.activity === 'purging') throw AppError.domain(409, 'device_purging');
    return device;
  }

  /** Every rule a start checks, in the order a user fixes them: state, instrument, table, methods, standards. */
  async function checkStart(sequence: SequenceRow): Promise<void> {
    if (sequence.state === 'RUNNING') throw AppError.domain(409, 'sequence_already_running');
    if (await injectionRunning(sequence)) throw AppError.domain(409, 'sequence_injection_not_finished');
    const device = await checkInstrument(sequence);
    const enabled = (await sequences.drafts([sequence.id])).filter((d) => d.enabled);
    if (enabled.length === 0) throw AppError.domain(400, 'sequence_no_instructions');
    if (enabled.some((d) => d.method_id === null && sequence.method_id === null)) {
      throw AppError.domain(400, 'sequence_no_method');
    }
    if (device.installed_column === null) throw AppError.domain(400, 'device_column_not_configured');
    const injectionsByMethod = new Map<number, number>();
    for (const draft of enabled) {
      const methodId = (draft.method_id ?? sequence.method_id)!;
      injectionsByMethod.set(methodId, (injectionsByMethod.get(methodId) ?? 0) + draft.injections_count);
    }
    for (const [methodId, injections] of injectionsByMethod) {
      const method = await samples.method(sequence.workspace_id, methodId);
      if (!method) throw AppError.domain(400, 'sequence_method_not_configured');
      if (!methodFitsDevice(method, device)) throw AppError.domain(400, 'sequence_method_incompatible');
      checkMethodLimits(method, device);
      checkFractionCollector(method, device, injections);
    }
    const sampleIds = enabled.map((d) => d.sample_id);
    if (sampleIds.some((id) => id === null)) throw AppError.domain(400, 'draft_invalid');
    const rows = await samples.findMany(sequence.workspace_id, sampleIds as number[]);
    if (rows.length !== new Set(sampleIds).size) throw AppError.domain(400, 'draft_invalid');
    // A standard on a row with a calibration level takes its amounts from the template's component table.
    const ownAmounts = new Set(enabled.filter((d) => d.calibration_level === null).map((d) => d.sample_id));
    const standards = rows.filter((row) => row.type === 'standard' && ownAmounts.has(row.id));
    const levels = sequence.template_uuid
      ? levelCount(
          componentsOfSnapshot(await sequences.template(sequence.workspace_id, sequence.template_uuid)),
        )
      : 0;
    if (enabled.some((d) => (d.calibration_level ?? 0) > levels))
      throw AppError.domain(400, 'sequence_standards_incomplete');
    const analytes = await samples.analytes(standards.map((row) => row.id));
    for (const standard of standards) {
      if (!standardComplete(analytes.filter((a) => a.sample_id === standard.id))) {
        throw AppError.domain(400, 'sequence_standards_incomplete');
      }
    }
  }

  /** Applies a state change on the locked row if `still` holds there; answers the new view. */
  async function transition(
    actor: Actor,
    sequence: SequenceRow,
    still: (row: SequenceRow) => void,
    values: Parameters<SequencesRepository['update']>[2],
    action: string,
    alsoInTransaction?: (trx: Transaction<Database>, locked: SequenceRow) => Promise<void>,
  ): Promise<SequenceRow> {
    const row = await db.transaction().execute(async (trx) => {
      const locked = await sequences.lock(trx, actor.workspaceId, sequence.id);
      if (!locked) throw AppError.domain(404, 'sequence_not_found');
      still(locked);
      await alsoInTransaction?.(trx, locked);
      // Whoever sets the run going is the one the runner's events name (docs/audit.md).
      const updated = await sequences.update(
        trx,
        sequence.id,
        values.state === 'RUNNING' ? { ...values, started_by: actor.userId } : values,
      );
      await writeAudit(trx, {
        userId: actor.userId,
        workspaceId: actor.workspaceId,
        entity: 'sequences',
        entityId: sequence.id,
        label: locked.name,
        action,
        oldValues: { state: locked.state },
        newValues: { state: updated.state },
      });
      return updated;
    });
    await runner.progress(row);
    return row;
  }

  const expect =
    (states: SequenceState[], code: Parameters<typeof AppError.domain>[1]) => (row: SequenceRow) => {
      if (!states.includes(row.state)) throw AppError.domain(409, code);
    };

  async function view(row: SequenceRow): Promise<SequenceView> {
    return sequenceView(
      row,
      await sequences.drafts([row.id]),
      await lockedDraftIds(runs, [row]),
      await interruptionOf(runs, row),
      await sequences.signed(row.id),
    );
  }

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

  return {
    async start(actor: Actor, sequenceId: number): Promise<SequenceView> {
      const sequence = await owned(actor, sequenceId);
      await checkNotSigned(sequences, sequenceId);
      await checkStart(sequence);
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
    },

    async pause(actor: Actor, sequenceId: number): Promise<SequenceView> {
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
    },

    async resume(actor: Actor, sequenceId: number): Promise<SequenceView> {
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
    },

    async stop(actor: Actor, sequenceId: number): Promise<SequenceView> {
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
    },

    continue: (actor: Actor, sequenceId: number) => proceed(actor, sequenceId, false),
    requeue: (actor: Actor, sequenceId: number) => proceed(actor, sequenceId, true),
  };
}

export type SequenceControl = ReturnType<typeof createSequenceControl>;
