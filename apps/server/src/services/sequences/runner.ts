// Walks a RUNNING sequence through its enabled drafts × injections on the instrument, one injection at a
// time. All state lives in the database (sequence state, current draft and injection, injections of the
// run), so after a restart `recover()` continues where the sequence stood. Several processes may share the
// database: a process drives a sequence only while it holds the sequence's claim (taken when it starts or
// recovers it, given up when the run ends), so one process runs each step. A lost database connection
// pauses a step until the database answers again; the step then runs again from the stored state.
// The end of an injection is heard as a notice (from this process, or relayed through Redis); the
// reconciler does not rely on it: every few seconds it reads the RUNNING sequences from the database and
// drives on any whose injection ended without being handled, or whose claim the process that held it lost.
import type { RunInjectionParams, RunResult, SequenceProgressEvent } from '@eluent/contracts';
import type { FastifyBaseLogger } from 'fastify';
import {
  isConnectionError,
  retryWhileUnavailable,
  type DatabaseAvailability,
} from '../../db/availability.ts';
import type { WorkClaims } from '../../db/claims.ts';
import type { MeasurementRow, RunsRepository } from '../../repositories/sequences-runs.ts';
import type { SamplesRepository } from '../../repositories/samples.ts';
import type { DraftRow, SequenceRow, SequencesRepository } from '../../repositories/sequences.ts';
import { deviceMethodFromStored } from '../devices/method-mapping.ts';
import { writeAudit } from '../../repositories/audit.ts';
import type { ResultsService } from '../results/results.ts';
import { snapshotOf } from '../results/results.ts';
import { AppError } from '../../errors.ts';
import { InstrumentRefusal, type InstrumentPort } from './instrument-port.ts';
import { createInterruptions, unfinished } from './interruptions.ts';

export interface RunnerDependencies {
  sequences: SequencesRepository;
  samples: SamplesRepository;
  runs: RunsRepository;
  results: ResultsService;
  port: InstrumentPort;
  publish: (event: SequenceProgressEvent) => void;
  logger: FastifyBaseLogger;
  availability: DatabaseAvailability;
  claims: WorkClaims;
  /** How long a running injection's instrument may stay offline before the injection is interrupted. */
  lostAfterMs: number;
  /** How long the next injection waits for its instrument to be online, idle and ready (default 30 s). */
  readyWaitMs: number;
  /** How long a watch waits for a finished run's buffered points after the instrument lost the run. */
  deliveryGraceMs: number;
  /** A finished injection got its first result: open pages and reviews read it again. */
  changed?: (measurementId: number) => void;
}

interface Step {
  draft: DraftRow;
  replicate: number;
}

/** Refusals of an instrument that is ready soon (spec §8 device codes). */
const WARMING_UP = new Set([
  'device_pump_not_ready',
  'device_injector_not_ready',
  'device_detector_not_ready',
]);

/** The catalogue code a failed processing is recorded with. */
function processingErrorCode(error: unknown): string {
  return error instanceof AppError && error.code.startsWith('processing_')
    ? error.code
    : 'processing_general_error';
}

/** The template a single injection was started with (stored with its measurement), if any. */
function templateOfRun(metadata: unknown): string | null {
  const uuid = (metadata as { template_uuid?: unknown } | null)?.template_uuid;
  return typeof uuid === 'string' ? uuid : null;
}

function metadataOf(measurement: MeasurementRow): Record<string, unknown> {
  const metadata: unknown = measurement.metadata;
  return typeof metadata === 'object' && metadata !== null ? (metadata as Record<string, unknown>) : {};
}

/** How an ended injection's run ended, as its instrument reported it. */
const RESULT_OF_STATE: Partial<Record<string, RunResult>> = {
  finished: 'completed',
  stopped: 'stopped',
  failed: 'error',
};

export function planOf(drafts: DraftRow[]): Step[] {
  return drafts
    .filter((draft) => draft.enabled)
    .flatMap((draft) =>
      Array.from({ length: draft.injections_count }, (_, i) => ({ draft, replicate: i + 1 })),
    );
}

export function createSequenceRunner(deps: RunnerDependencies) {
  const { sequences, samples, runs, results, port, logger, availability, claims } = deps;
  const { db } = sequences;
  const chains = new Map<number, Promise<void>>();

  async function progress(sequence: SequenceRow, measurementId: number | null = null): Promise<void> {
    const plan = planOf(await sequences.drafts([sequence.id]));
    const done = sequence.started_at
      ? (await runs.injectionsOfRun(sequence.id, sequence.started_at)).filter(
          (i) => i.state !== 'running' && i.state !== 'pending' && !i.requeued,
        ).length
      : 0;
    deps.publish({
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
      await writeAudit(trx, {
        userId: sequence.started_by,
        ownerId: sequence.owner_id,
        workspaceId: sequence.workspace_id,
        entity: 'sequences',
        entityId: sequence.id,
        label: sequence.name,
        action: 'error',
        newValues: { error_code: code },
      });
      return updated;
    });
    await progress(row);
  }

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

  /** The first row × replicate of the plan that has no injection in this run yet. */
  async function nextStep(sequenceId: number, startedAt: Date): Promise<Step | undefined> {
    const drafts = await sequences.drafts([sequenceId]);
    // A re-queued interrupted injection stays on record but its row runs again.
    const made = (await runs.injectionsOfRun(sequenceId, startedAt)).filter((i) => !i.requeued);
    return planOf(drafts).find(
      (step) => !made.some((i) => i.draft_id === step.draft.id && i.replicate === step.replicate),
    );
  }

  /** Starts the next injection of a RUNNING sequence, or finishes it; does nothing while one is running. */
  async function advance(sequenceId: number): Promise<void> {
    const sequence = await sequences.byId(sequenceId);
    if (!sequence || sequence.state !== 'RUNNING' || !sequence.started_at || sequence.device_id === null)
      return;
    if (sequence.current_injection_id !== null) {
      const current = await runs.injection(sequence.current_injection_id);
      if (current?.state === 'running' || current?.state === 'pending') return;
      // Stopped on the instrument (the sequence's own Stop leaves it STOPPED, and a new Start clears the
      // current injection): the row is not taken as done; it is interrupted and the method's policy decides.
      if (current?.state === 'stopped') {
        await interruptions.interrupt(current.id, 'injection_interrupted_operator_stop');
        return;
      }
    }
    const next = await nextStep(sequenceId, sequence.started_at);
    if (!next) {
      const row = await db.transaction().execute(async (trx) => {
        const finished = await sequences.update(trx, sequenceId, {
          state: 'FINISHED',
          finished_at: new Date(),
        });
        await writeAudit(trx, {
          userId: sequence.started_by,
          ownerId: sequence.owner_id,
          workspaceId: sequence.workspace_id,
          entity: 'sequences',
          entityId: sequenceId,
          label: sequence.name,
          action: 'finish',
          oldValues: { state: sequence.state },
          newValues: { state: finished.state },
        });
        return finished;
      });
      await progress(row);
      return;
    }
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
    if (!method) return fail(sequence, 'sequence_method_not_configured');
    if (!sample) return fail(sequence, 'draft_invalid');
    let deviceMethod;
    try {
      // The row's injection volume, when it sets one, replaces the method's (docs/assay.md).
      deviceMethod = deviceMethodFromStored({
        ...method,
        name: method.name.slice(0, 200),
        injection_ul: next.draft.injection_ul ?? method.injection_ul,
      });
    } catch {
      return fail(sequence, 'device_method_not_configured');
    }
    // Right after a restart or a finished run the instrument may still be reconnecting or reporting its
    // last run; wait for it before the next injection instead of failing the sequence.
    if (!(await instrumentReady(sequence.device_id))) return fail(sequence, 'sequence_device_not_connected');
    if ((await sequences.byId(sequenceId))?.state !== 'RUNNING') return;
    const { injection, measurement, row } = await db.transaction().execute(async (trx) => {
      const injection = await runs.insertInjection(trx, {
        owner_id: sequence.owner_id,
        workspace_id: sequence.workspace_id,
        sequence_id: sequenceId,
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
      const row = await sequences.update(trx, sequenceId, {
        current_draft_id: next.draft.id,
        current_injection_id: injection.id,
      });
      await writeAudit(trx, {
        userId: sequence.started_by,
        ownerId: sequence.owner_id,
        workspaceId: sequence.workspace_id,
        entity: 'injections',
        entityId: injection.id,
        label: measurement.name,
        parent: { entity: 'sequences', id: sequenceId },
        action: 'start',
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
    await progress(row, measurement.id);
    try {
      await sendRun(sequenceId, sequence.device_id, {
        method: deviceMethod,
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
        logger.warn({ err: error, sequenceId }, 'the instrument link dropped while sending the injection');
        void interruptions.watch(injection.id, 'instrument');
        return;
      }
      logger.warn({ err: error, sequenceId }, 'instrument refused the injection');
      await db.transaction().execute(async (trx) => {
        await runs.updateInjection(trx, injection.id, { state: 'failed', finished_at: new Date() });
        await runs.updateMeasurement(trx, measurement.id, { state: 'failed', finished_at: new Date() });
        await writeAudit(trx, {
          userId: sequence.started_by,
          ownerId: sequence.owner_id,
          workspaceId: sequence.workspace_id,
          entity: 'injections',
          entityId: injection.id,
          label: measurement.name,
          parent: { entity: 'sequences', id: sequenceId },
          action: 'fail',
          oldValues: { state: 'running' },
          newValues: { state: 'failed', error_code: code },
        });
      });
      await fail(row, code);
    }
  }

  /** Gives the claim up once the sequence no longer needs a driver (finished, stopped, failed, removed). */
  async function settle(sequenceId: number): Promise<void> {
    const state = (await sequences.byId(sequenceId))?.state;
    if (state !== 'RUNNING' && state !== 'PAUSED') await claims.release('sequence', sequenceId);
  }

  /** One step of a claimed sequence; a lost database connection waits for it and runs the step again. */
  async function step(sequenceId: number): Promise<void> {
    await retryWhileUnavailable(availability, async () => {
      if (!(await claims.acquire('sequence', sequenceId))) {
        logger.info({ sequenceId }, 'sequence is driven by another server process');
        return;
      }
      await advance(sequenceId);
      await settle(sequenceId);
    });
  }

  /** Queues work for one sequence behind its earlier work, so steps never interleave. */
  function kick(sequenceId: number): Promise<void> {
    const previous = chains.get(sequenceId) ?? Promise.resolve();
    const next = previous
      .then(() => step(sequenceId))
      .catch((error: unknown) => logger.error({ err: error, sequenceId }, 'sequence step failed'));
    chains.set(sequenceId, next);
    void next.finally(() => {
      if (chains.get(sequenceId) === next) chains.delete(sequenceId);
    });
    return next;
  }

  /** Processes the finished injection of a run started outside a sequence (its template, else the default). */
  async function processSingleInjection(
    measurement: { id: number; workspace_id: number; metadata: unknown },
    injectionId: number,
    startedBy: number,
  ): Promise<void> {
    // Every process may hear of the finish; one processes it, and a retried finish finds the result.
    if (!(await claims.acquire('injection', injectionId))) return;
    try {
      if (await results.hasResult(measurement.id)) return;
      const templateUuid = templateOfRun(measurement.metadata);
      const template = templateUuid
        ? await sequences.template(measurement.workspace_id, templateUuid)
        : undefined;
      try {
        await results.process(measurement.id, {
          snapshot: snapshotOf(template),
          templateUuid: template ? template.uuid : null,
          onBehalfOf: startedBy,
        });
        deps.changed?.(measurement.id);
      } catch (error) {
        if (isConnectionError(error)) throw error;
        logger.warn({ err: error, measurementId: measurement.id }, 'processing a finished injection failed');
        await runs.recordProcessingError(measurement.id, processingErrorCode(error));
      }
    } finally {
      await claims.release('injection', injectionId);
    }
  }

  async function runFinished(measurementId: number, result: string, errorCode: number | string | null) {
    const measurement = await runs.measurement(measurementId);
    if (!measurement?.injection_id) return;
    const injection = await runs.injection(measurement.injection_id);
    if (!injection) return;
    if (injection.sequence_id === null) {
      if (result === 'completed') await processSingleInjection(measurement, injection.id, injection.owner_id);
      return;
    }
    const sequence = await sequences.byId(injection.sequence_id);
    if (!sequence) return;
    // Every process may hear of the finish (Redis relays it); the one driving the sequence handles it.
    if (!(await claims.acquire('sequence', sequence.id))) return;
    // A retried finish (after a lost connection) does not process the injection a second time.
    if (result === 'completed' && !(await results.hasResult(measurementId))) {
      const template = sequence.template_uuid
        ? await sequences.template(
            sequence.workspace_id,
            sequence.template_uuid,
            undefined,
            sequence.template_version,
          )
        : undefined;
      try {
        await results.process(measurementId, {
          snapshot: snapshotOf(template),
          templateUuid: sequence.template_uuid,
          templateVersion: template?.version ?? null,
          onBehalfOf: sequence.started_by,
        });
        deps.changed?.(measurementId);
      } catch (error) {
        if (isConnectionError(error)) throw error;
        logger.warn({ err: error, measurementId }, 'processing a finished injection failed');
        // Recorded with the injection's measurement, so the sequence's results show it (catalogue text).
        await runs.recordProcessingError(measurementId, processingErrorCode(error));
      }
    }
    // Stopped on the instrument, not by the sequence (its Stop leaves it STOPPED first): the injection is
    // interrupted and the method's policy decides (pause with the choices, re-inject once, or skip). A
    // sequence already PAUSED (its run held on the instrument) stays so, and its Resume asks which way to go.
    if (
      result === 'stopped' &&
      (sequence.state === 'RUNNING' || sequence.state === 'PAUSED') &&
      sequence.current_injection_id === injection.id
    ) {
      await interruptions.interrupt(injection.id, 'injection_interrupted_operator_stop');
      await settle(sequence.id);
      return;
    }
    if (result === 'error' && sequence.state === 'RUNNING') {
      await fail(sequence, typeof errorCode === 'string' ? errorCode : `device_error_${errorCode ?? 999}`);
      await settle(sequence.id);
      return;
    }
    await progress((await sequences.byId(sequence.id))!, measurementId);
    await settle(sequence.id);
    return sequence.state === 'RUNNING' ? sequence.id : undefined;
  }

  const interruptions = createInterruptions({
    sequences,
    runs,
    port,
    logger,
    lostAfterMs: deps.lostAfterMs,
    deliveryGraceMs: deps.deliveryGraceMs,
    availability,
    changed: (sequence) => progress(sequence),
    goOn: (sequenceId) => kick(sequenceId),
    claim: (sequenceId) => claims.acquire('sequence', sequenceId),
    settle,
  });

  /** Finishes being handled on this process, by measurement: a notice and the reconciler share one. */
  const finishing = new Map<number, Promise<number | undefined>>();

  /** Handles the end of a run once at a time per measurement; resolves with a sequence to drive on. */
  function handleFinish(
    measurementId: number,
    result: string,
    errorCode: number | string | null,
  ): Promise<number | undefined> {
    const running = finishing.get(measurementId);
    if (running) return running;
    const done = retryWhileUnavailable(availability, () =>
      runFinished(measurementId, result, errorCode),
    ).finally(() => finishing.delete(measurementId));
    finishing.set(measurementId, done);
    return done;
  }

  port.onRunFinished((notice) => {
    handleFinish(notice.measurementId, notice.result, notice.errorCode)
      .then((next) => (next === undefined ? undefined : kick(next)))
      .catch((error: unknown) =>
        logger.error({ err: error, measurementId: notice.measurementId }, 'run finish handling failed'),
      );
  });

  /** Whether an ended injection's finish was handled (a result, or its processing error, is stored). */
  async function finishHandled(measurement: MeasurementRow, state: string): Promise<boolean> {
    if (state !== 'finished') return false;
    const metadata = metadataOf(measurement);
    return typeof metadata.processing_error === 'string' || (await results.hasResult(measurement.id));
  }

  let reconcileTimer: NodeJS.Timeout | null = null;
  let reconcileIntervalMs = 5000;
  let reconciling: Promise<void> | null = null;
  let closed = false;

  /** RUNNING sequences found between injections while their instrument was not ready, since when. */
  const notReadySince = new Map<number, number>();

  /**
   * Whether a sequence between injections may go on now: its plan is done (it finishes), or its instrument
   * is online and idle. An instrument that stays unready for the ready wait gets a step anyway, which waits
   * once more and then fails the sequence, as after a restart.
   */
  async function mayGoOn(sequence: SequenceRow): Promise<boolean> {
    if (sequence.device_id === null || sequence.started_at === null) return true;
    if (!(await nextStep(sequence.id, sequence.started_at))) return true;
    const { online, busy } = await port.availability(sequence.device_id);
    const now = Date.now();
    if (online && !busy) {
      notReadySince.delete(sequence.id);
      return true;
    }
    const since = notReadySince.get(sequence.id) ?? now;
    notReadySince.set(sequence.id, since);
    if (now - since < deps.readyWaitMs) return false;
    notReadySince.delete(sequence.id);
    return true;
  }

  /** One RUNNING sequence: driven on when it is stuck and this process may drive it. */
  async function reconcileOne(row: SequenceRow): Promise<void> {
    const sequenceId = row.id;
    // A step under way here drives it already.
    if (chains.has(sequenceId)) return;
    // Just started (here or elsewhere): the first step of whoever started it is about to take it.
    const startedMs = row.started_at === null ? 0 : Date.now() - row.started_at.getTime();
    if (row.current_injection_id === null && startedMs < Math.max(5000, reconcileIntervalMs)) return;
    const heldBefore = claims.holds('sequence', sequenceId);
    // A live process that holds the claim drives it (its own reconciler watches it).
    if (!(await claims.acquire('sequence', sequenceId))) return;
    const sequence = await sequences.byId(sequenceId);
    if (!sequence || sequence.state !== 'RUNNING' || sequence.started_at === null) {
      await settle(sequenceId);
      return;
    }
    if (!heldBefore) {
      logger.warn({ sequenceId }, 'running sequence without a live driver taken over');
    }
    const injection =
      sequence.current_injection_id === null
        ? undefined
        : await runs.injection(sequence.current_injection_id);
    if (injection && unfinished(injection)) {
      // The run goes on and its finish arrives as usual. Taken over from a process that is gone: this
      // process cannot know the instrument still runs it, so it watches it as after a restart.
      if (!heldBefore) void interruptions.watch(injection.id, 'restart');
      return;
    }
    const result = injection ? RESULT_OF_STATE[injection.state] : undefined;
    if (injection && result) {
      const measurement = await runs.measurementOfInjection(injection.id);
      // Being handled here: that handling drives the sequence on.
      if (measurement && finishing.has(measurement.id)) return;
      if (measurement && !(await finishHandled(measurement, injection.state))) {
        logger.warn(
          { sequenceId, injectionId: injection.id, measurementId: measurement.id },
          'ended injection found without its finish handled; handling it now',
        );
        const code = metadataOf(measurement).device_error_code;
        const errorCode = typeof code === 'number' || typeof code === 'string' ? code : null;
        const next = await handleFinish(measurement.id, result, errorCode);
        if (next === undefined) return;
      }
    }
    const current = await sequences.byId(sequenceId);
    if (current?.state !== 'RUNNING' || chains.has(sequenceId)) return;
    if (injection?.state === 'stopped' || (await mayGoOn(current))) void kick(sequenceId);
  }

  /** One pass over the RUNNING sequences (the reconciler's tick; tests call it directly). */
  async function reconcile(): Promise<void> {
    if (closed || !availability.up || availability.closed) return;
    const running = await sequences.inStates(['RUNNING']);
    const ids = new Set(running.map((sequence) => sequence.id));
    for (const id of notReadySince.keys()) if (!ids.has(id)) notReadySince.delete(id);
    for (const sequence of running) {
      if (closed) return;
      try {
        await reconcileOne(sequence);
      } catch (error) {
        if (isConnectionError(error)) return;
        logger.error({ err: error, sequenceId: sequence.id }, 'reconciling a sequence failed');
      }
    }
    // Runs outside a sequence: the process storing the end processes it; one that died meanwhile left it
    // without a result. Ended a while ago, so a handling under way elsewhere is not raced needlessly (the
    // injection's claim keeps two processes from processing it at once).
    const endedBefore = new Date(Date.now() - Math.max(5000, 2 * reconcileIntervalMs));
    for (const run of await runs.unhandledSingleRuns(endedBefore)) {
      if (closed) return;
      if (finishing.has(run.measurement_id)) continue;
      logger.warn(
        { measurementId: run.measurement_id },
        'ended run found without its result; processing it now',
      );
      try {
        await handleFinish(run.measurement_id, 'completed', null);
      } catch (error) {
        if (isConnectionError(error)) return;
        logger.error({ err: error, measurementId: run.measurement_id }, 'processing an ended run failed');
      }
    }
  }

  function reconcileNow(): Promise<void> {
    reconciling ??= reconcile()
      .catch((error: unknown) => {
        if (!isConnectionError(error)) logger.error({ err: error }, 'reconciling sequences failed');
      })
      .finally(() => {
        reconciling = null;
      });
    return reconciling;
  }

  return {
    kick,
    progress,
    interruptions,
    /**
     * After a restart: every injection left running is watched (it finishes when its instrument reports,
     * or is interrupted), and every RUNNING sequence without one goes on.
     */
    async recover(): Promise<void> {
      await interruptions.recover();
      for (const sequence of await sequences.inStates(['RUNNING'])) {
        // Exactly one process recovers a sequence: a live process that drives it keeps its claim.
        if (!(await claims.acquire('sequence', sequence.id))) continue;
        void kick(sequence.id);
      }
    },
    /** Reads the RUNNING sequences every `intervalMs` and drives on the stuck ones (docs/sequences.md). */
    startReconciler(intervalMs: number): void {
      if (reconcileTimer || closed) return;
      reconcileIntervalMs = intervalMs;
      reconcileTimer = setInterval(() => void reconcileNow(), intervalMs);
      reconcileTimer.unref();
    },
    reconcile: reconcileNow,
    /** Waits for queued steps (tests and shutdown). */
    async idle(): Promise<void> {
      await Promise.all([...chains.values(), reconciling]);
    },
    close(): void {
      closed = true;
      if (reconcileTimer) clearInterval(reconcileTimer);
      reconcileTimer = null;
      interruptions.close();
    },
  };
}

export type SequenceRunner = ReturnType<typeof createSequenceRunner>;
