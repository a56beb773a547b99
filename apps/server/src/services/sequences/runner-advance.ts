// One step of a RUNNING sequence: start the next injection of its plan on the instrument, or finish it.
import type { RunInjectionParams } from '@eluent/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { RunsRepository } from '../../repositories/sequences-runs.ts';
import type { MethodRow, SamplesRepository } from '../../repositories/samples.ts';
import type { SequenceRow, SequencesRepository } from '../../repositories/sequences.ts';
import { writeAudit, type AuditEvent } from '../../repositories/audit.ts';
import type { Executor } from '../../db/schema.ts';
import { deviceMethodFromStored } from '../devices/method-mapping.ts';
import { InstrumentRefusal, type InstrumentPort } from './instrument-port.ts';
import type { Interruptions } from './interruptions.ts';
import { auditSequenceEnd, type RunProgress, type Step } from './runner-progress.ts';

/** Refusals of an instrument that is ready soon (spec §8 device codes). */
const WARMING_UP = new Set([
  'device_pump_not_ready',
  'device_injector_not_ready',
  'device_detector_not_ready',
]);

export interface AdvanceDependencies {
  sequences: SequencesRepository;
  samples: SamplesRepository;
  runs: RunsRepository;
  port: InstrumentPort;
  logger: FastifyBaseLogger;
  /** How long the next injection waits for its instrument to be online, idle and ready. */
  readyWaitMs: number;
  progress: RunProgress;
  /** Read when needed: the interruptions are built after the step that they drive on. */
  interruptions: () => Interruptions;
}

type RunningSequence = SequenceRow & { started_at: Date; device_id: number };

/** What an injection of one step runs: its method, sample and the method as the instrument takes it. */
interface PreparedStep {
  method: MethodRow;
  sample: NonNullable<Awaited<ReturnType<SamplesRepository['find']>>>;
  deviceMethod: RunInjectionParams['method'];
}

/** The injection and measurement a started step made, and the sequence row that points at them. */
interface StartedInjection {
  injection: { id: number };
  measurement: { id: number; name: string };
  row: SequenceRow;
}

export function createAdvance(deps: AdvanceDependencies) {
  const { sequences, samples, port, logger } = deps;
  const { progress, fail, nextStep } = deps.progress;
  const finishSequence = sequenceFinisher(deps);
  const startInjection = injectionStarter(deps);
  const refuseInjection = injectionRefuser(deps);

  async function instrumentReady(deviceId: number): Promise<boolean> {
    const deadline = Date.now() + deps.readyWaitMs;
    for (;;) {
      const { online, busy } = await port.availability(deviceId);
      if (online && !busy) return true;
      if (Date.now() > deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /**
   * Sends a run; an instrument that is only warming up (pump, injector or detector not ready yet, e.g.
   * just powered on) is asked again until it is ready or the wait ends.
   */
  async function sendRun(sequenceId: number, deviceId: number, params: RunInjectionParams): Promise<void> {
    const deadline = Date.now() + deps.readyWaitMs;
    for (;;) {
      try {
        await port.runInjection(deviceId, params);
        return;
      } catch (error) {
        const warmingUp = error instanceof InstrumentRefusal && WARMING_UP.has(String(error.code));
        if (!warmingUp || Date.now() > deadline) throw error;
        if ((await sequences.byId(sequenceId))?.state !== 'RUNNING') throw error;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  }

  /** The method, sample and instrument method of a step, or the code the sequence fails with. */
  async function prepare(sequence: SequenceRow, next: Step): Promise<PreparedStep | string> {
    const methodId = next.draft.method_id ?? sequence.method_id;
    // The version the row or the sequence pinned (migration 0029): a save during the run is a new version.
    const methodVersion = next.draft.method_id !== null ? next.draft.method_version : sequence.method_version;
    const method =
      methodId === null
        ? undefined
        : await samples.method(sequence.workspace_id, methodId, undefined, methodVersion);
    const sample =
      next.draft.sample_id === null
        ? undefined
        : await samples.find(sequence.workspace_id, next.draft.sample_id);
    if (!method) return 'sequence_method_not_configured';
    if (!sample) return 'draft_invalid';
    try {
      // The row's injection volume, when it sets one, replaces the method's (docs/assay.md).
      const deviceMethod = deviceMethodFromStored({
        ...method,
        name: method.name.slice(0, 200),
        injection_ul: next.draft.injection_ul ?? method.injection_ul,
      });
      return { method, sample, deviceMethod };
    } catch {
      return 'device_method_not_configured';
    }
  }

  /** Whether the sequence still wants its step now that the instrument is ready (or fails it if not). */
  async function stillRunning(sequence: RunningSequence): Promise<boolean> {
    // Right after a restart or a finished run the instrument may still be reconnecting or reporting its
    // last run; wait for it before the next injection instead of failing the sequence.
    if (!(await instrumentReady(sequence.device_id))) {
      await fail(sequence, 'sequence_device_not_connected');
      return false;
    }
    return (await sequences.byId(sequence.id))?.state === 'RUNNING';
  }

  async function send(
    sequence: RunningSequence,
    next: Step,
    prepared: PreparedStep,
    started: StartedInjection,
  ) {
    const { injection, measurement, row } = started;
    try {
      await sendRun(sequence.id, sequence.device_id, {
        method: prepared.deviceMethod,
        vial: next.draft.vial ?? 1,
        injection_id: injection.id,
        measurement_id: measurement.id,
      });
    } catch (error) {
      const code = error instanceof InstrumentRefusal ? String(error.code) : 'sequence_device_not_connected';
      if (code === 'sequence_device_not_connected') {
        // The link dropped while the run was being sent (a network fault, this server stopping): the
        // instrument may have the run. Its status decides — the run goes on, or the injection is
        // interrupted (docs/sequences.md "Interrupted injections").
        logger.warn(
          { err: error, sequenceId: sequence.id },
          'the instrument link dropped while sending the injection',
        );
        void deps.interruptions().watch(injection.id, 'instrument');
        return;
      }
      logger.warn({ err: error, sequenceId: sequence.id }, 'instrument refused the injection');
      await refuseInjection(sequence, started, code);
      await fail(row, code);
    }
  }

  /** Starts the next injection of a RUNNING sequence, or finishes it; does nothing while one is running. */
  async function advance(sequenceId: number): Promise<void> {
    const sequence = await sequences.byId(sequenceId);
    if (!sequence || sequence.state !== 'RUNNING' || !sequence.started_at || sequence.device_id === null)
      return;
    const running = sequence as RunningSequence;
    if (await currentStillBusy(running)) return;
    const next = await nextStep(sequenceId, running.started_at);
    if (!next) return finishSequence(running);
    const prepared = await prepare(running, next);
    if (typeof prepared === 'string') return fail(running, prepared);
    if (!(await stillRunning(running))) return;
    const started = await startInjection(running, next, prepared);
    // Paused or stopped since the look above: no injection is started (docs/sequences.md "Run").
    if (!started) return;
    await progress(started.row, started.measurement.id);
    await send(running, next, prepared, started);
  }

  /** Whether the current injection still runs (or was just handed to its interruption policy). */
  async function currentStillBusy(sequence: RunningSequence): Promise<boolean> {
    if (sequence.current_injection_id === null) return false;
    const current = await deps.runs.injection(sequence.current_injection_id);
    if (current?.state === 'running' || current?.state === 'pending') return true;
    // Stopped on the instrument (the sequence's own Stop leaves it STOPPED, and a new Start clears the
    // current injection): the row is not taken as done; it is interrupted and the method's policy decides.
    if (current?.state === 'stopped') {
      await deps.interruptions().interrupt(current.id, 'injection_interrupted_operator_stop');
      return true;
    }
    return false;
  }

  return advance;
}

/** Marks a sequence whose plan is done FINISHED, with its audit entry, and publishes it. */
function sequenceFinisher({ sequences, progress }: AdvanceDependencies) {
  return async (sequence: RunningSequence): Promise<void> => {
    const row = await sequences.db.transaction().execute(async (trx) => {
      const finished = await sequences.update(trx, sequence.id, {
        state: 'FINISHED',
        finished_at: new Date(),
      });
      await auditSequenceEnd(trx, sequence, {
        action: 'finish',
        oldValues: { state: sequence.state },
        newValues: { state: finished.state },
      });
      return finished;
    });
    await progress.progress(row);
  };
}

/**
 * Records a step's injection and measurement and points the sequence at them, in one transaction on the
 * sequence's locked row; none when the sequence is no longer RUNNING there. A pause (or stop) that commits
 * after the step last read the state would otherwise still see its next injection start: the pause found no
 * injection running to hold, and the instrument ran the new one while the sequence said PAUSED.
 */
function injectionStarter({ sequences, runs }: AdvanceDependencies) {
  return (
    sequence: RunningSequence,
    next: Step,
    prepared: PreparedStep,
  ): Promise<StartedInjection | null> => {
    const { method, sample, deviceMethod } = prepared;
    return sequences.db.transaction().execute(async (trx) => {
      const locked = await sequences.lock(trx, sequence.workspace_id, sequence.id);
      if (locked?.state !== 'RUNNING') return null;
      const injection = await runs.insertInjection(trx, {
        owner_id: sequence.owner_id,
        workspace_id: sequence.workspace_id,
        sequence_id: sequence.id,
        draft_id: next.draft.id,
        sample_id: sample.id,
        device_id: sequence.device_id,
        method_id: method.id,
        method_version: method.version,
        method_snapshot: JSON.stringify(deviceMethod),
        replicate: next.replicate,
        vial: next.draft.vial,
        state: 'running',
        started_at: new Date(),
      });
      const measurement = await runs.insertMeasurement(trx, {
        owner_id: sequence.owner_id,
        workspace_id: sequence.workspace_id,
        injection_id: injection.id,
        device_id: sequence.device_id,
        sample_id: sample.id,
        name: `${sample.name} #${next.replicate}`,
        source: 'device',
        state: 'recording',
        signal_unit: 'mAU',
        metadata: JSON.stringify({ vial: next.draft.vial, method_id: method.id }),
      });
      const row = await sequences.update(trx, sequence.id, {
        current_draft_id: next.draft.id,
        current_injection_id: injection.id,
      });
      await auditInjection(trx, sequence, { injection, measurement }, 'start', {
        newValues: {
          sample_id: sample.id,
          vial: next.draft.vial,
          replicate: next.replicate,
          method_id: method.id,
          measurement_id: measurement.id,
        },
      });
      return { injection, measurement, row };
    });
  };
}

/** An injection's audit entry under its sequence, by whom the sequence was started. */
function auditInjection(
  trx: Executor,
  sequence: SequenceRow,
  { injection, measurement }: Pick<StartedInjection, 'injection' | 'measurement'>,
  action: 'start' | 'fail',
  values: Pick<AuditEvent, 'oldValues' | 'newValues'>,
): Promise<void> {
  return writeAudit(trx, {
    userId: sequence.started_by,
    ownerId: sequence.owner_id,
    workspaceId: sequence.workspace_id,
    entity: 'injections',
    entityId: injection.id,
    label: measurement.name,
    parent: { entity: 'sequences', id: sequence.id },
    action,
    ...values,
  });
}

/** Marks an injection the instrument refused, and its measurement, failed. */
function injectionRefuser({ sequences, runs }: AdvanceDependencies) {
  return async (sequence: SequenceRow, started: StartedInjection, code: string): Promise<void> => {
    const { injection, measurement } = started;
    await sequences.db.transaction().execute(async (trx) => {
      await runs.updateInjection(trx, injection.id, { state: 'failed', finished_at: new Date() });
      await runs.updateMeasurement(trx, measurement.id, { state: 'failed', finished_at: new Date() });
      await auditInjection(trx, sequence, started, 'fail', {
        oldValues: { state: 'running' },
        newValues: { state: 'failed', error_code: code },
      });
    });
  };
}
