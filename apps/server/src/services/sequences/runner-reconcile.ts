// The reconciler: every few seconds it reads the RUNNING sequences from the database and drives on any
// whose injection ended without being handled, or whose claim the process that held it lost; and it
// processes runs outside a sequence that ended without a result.
import type { RunResult } from '@eluent/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { isConnectionError, type DatabaseAvailability } from '../../db/availability.ts';
import type { WorkClaims } from '../../db/claims.ts';
import type { MeasurementRow, RunsRepository } from '../../repositories/sequences-runs.ts';
import type { SequenceRow, SequencesRepository } from '../../repositories/sequences.ts';
import type { ResultsService } from '../results/results.ts';
import type { InstrumentPort } from './instrument-port.ts';
import { unfinished } from './injection-interrupt.ts';
import type { Interruptions } from './interruptions.ts';
import type { FinishHandling } from './runner-finish.ts';
import type { RunProgress } from './runner-progress.ts';

export interface ReconcilerDependencies {
  sequences: SequencesRepository;
  runs: RunsRepository;
  results: ResultsService;
  port: InstrumentPort;
  logger: FastifyBaseLogger;
  availability: DatabaseAvailability;
  claims: WorkClaims;
  readyWaitMs: number;
  progress: RunProgress;
  interruptions: Interruptions;
  finish: FinishHandling;
  /** Whether a step of the sequence is queued or under way on this process. */
  stepping: (sequenceId: number) => boolean;
  kick: (sequenceId: number) => Promise<void>;
  settle: (sequenceId: number) => Promise<void>;
}

/** How an ended injection's run ended, as its instrument reported it. */
const RESULT_OF_STATE: Partial<Record<string, RunResult>> = {
  finished: 'completed',
  stopped: 'stopped',
  failed: 'error',
};

function metadataOf(measurement: MeasurementRow): Record<string, unknown> {
  const metadata: unknown = measurement.metadata;
  return typeof metadata === 'object' && metadata !== null ? (metadata as Record<string, unknown>) : {};
}

export function createReconciler(deps: ReconcilerDependencies) {
  const { sequences, runs, logger, availability, claims, finish, stepping, kick, settle } = deps;
  let reconcileTimer: NodeJS.Timeout | null = null;
  let reconcileIntervalMs = 5000;
  let reconciling: Promise<void> | null = null;
  let closed = false;
  const mayGoOn = readiness(deps);
  const handleEnded = endedInjectionHandler(deps);

  /** One RUNNING sequence: driven on when it is stuck and this process may drive it. */
  async function reconcileOne(row: SequenceRow): Promise<void> {
    const sequenceId = row.id;
    // A step under way here drives it already.
    if (stepping(sequenceId)) return;
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
      if (!heldBefore) void deps.interruptions.watch(injection.id, 'restart');
      return;
    }
    if (injection && !(await handleEnded(sequenceId, injection))) return;
    const current = await sequences.byId(sequenceId);
    if (current?.state !== 'RUNNING' || stepping(sequenceId)) return;
    if (injection?.state === 'stopped' || (await mayGoOn(current))) void kick(sequenceId);
  }

  /** Runs outside a sequence that ended a while ago without a result: processed now. */
  async function reconcileSingleRuns(): Promise<void> {
    // The process storing the end processes it; one that died meanwhile left it without a result. Ended a
    // while ago, so a handling under way elsewhere is not raced needlessly (the injection's claim keeps two
    // processes from processing it at once).
    const endedBefore = new Date(Date.now() - Math.max(5000, 2 * reconcileIntervalMs));
    for (const run of await runs.unhandledSingleRuns(endedBefore)) {
      if (closed) return;
      if (finish.finishing(run.measurement_id)) continue;
      logger.warn(
        { measurementId: run.measurement_id },
        'ended run found without its result; processing it now',
      );
      try {
        await finish.handleFinish(run.measurement_id, 'completed', null);
      } catch (error) {
        if (isConnectionError(error)) return;
        logger.error({ err: error, measurementId: run.measurement_id }, 'processing an ended run failed');
      }
    }
  }

  /** One pass over the RUNNING sequences (the reconciler's tick; tests call it directly). */
  async function reconcile(): Promise<void> {
    if (closed || !availability.up || availability.closed) return;
    const running = await sequences.inStates(['RUNNING']);
    mayGoOn.forgetAllBut(new Set(running.map((sequence) => sequence.id)));
    for (const sequence of running) {
      if (closed) return;
      try {
        await reconcileOne(sequence);
      } catch (error) {
        if (isConnectionError(error)) return;
        logger.error({ err: error, sequenceId: sequence.id }, 'reconciling a sequence failed');
      }
    }
    await reconcileSingleRuns();
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
    reconcileNow,
    /** Reads the RUNNING sequences every `intervalMs` and drives on the stuck ones (docs/sequences.md). */
    start(intervalMs: number): void {
      if (reconcileTimer || closed) return;
      reconcileIntervalMs = intervalMs;
      reconcileTimer = setInterval(() => void reconcileNow(), intervalMs);
      reconcileTimer.unref();
    },
    /** The pass under way, if any. */
    running: () => reconciling,
    close(): void {
      closed = true;
      if (reconcileTimer) clearInterval(reconcileTimer);
      reconcileTimer = null;
    },
  };
}

/**
 * An injection of a RUNNING sequence that ended: its finish is handled now if nobody did. Resolves whether
 * the reconciler may go on to drive the sequence (false while that handling is, or will, drive it).
 */
function endedInjectionHandler(deps: ReconcilerDependencies) {
  const { runs, results, logger, finish } = deps;

  /** Whether an ended injection's finish was handled (a result, or its processing error, is stored). */
  async function finishHandled(measurement: MeasurementRow, state: string): Promise<boolean> {
    if (state !== 'finished') return false;
    const metadata = metadataOf(measurement);
    return typeof metadata.processing_error === 'string' || (await results.hasResult(measurement.id));
  }

  return async (sequenceId: number, injection: { id: number; state: string }): Promise<boolean> => {
    const result = RESULT_OF_STATE[injection.state];
    if (!result) return true;
    const measurement = await runs.measurementOfInjection(injection.id);
    // Being handled here: that handling drives the sequence on.
    if (measurement && finish.finishing(measurement.id)) return false;
    if (measurement && !(await finishHandled(measurement, injection.state))) {
      logger.warn(
        { sequenceId, injectionId: injection.id, measurementId: measurement.id },
        'ended injection found without its finish handled; handling it now',
      );
      const code = metadataOf(measurement).device_error_code;
      const errorCode = typeof code === 'number' || typeof code === 'string' ? code : null;
      const next = await finish.handleFinish(measurement.id, result, errorCode);
      if (next === undefined) return false;
    }
    return true;
  };
}

/**
 * Whether a sequence between injections may go on now: its plan is done (it finishes), or its instrument
 * is online and idle. An instrument that stays unready for the ready wait gets a step anyway, which waits
 * once more and then fails the sequence, as after a restart.
 */
function readiness({ port, readyWaitMs, progress }: ReconcilerDependencies) {
  /** RUNNING sequences found between injections while their instrument was not ready, since when. */
  const notReadySince = new Map<number, number>();

  async function mayGoOn(sequence: SequenceRow): Promise<boolean> {
    if (sequence.device_id === null || sequence.started_at === null) return true;
    if (!(await progress.nextStep(sequence.id, sequence.started_at))) return true;
    const { online, busy } = await port.availability(sequence.device_id);
    const now = Date.now();
    if (online && !busy) {
      notReadySince.delete(sequence.id);
      return true;
    }
    const since = notReadySince.get(sequence.id) ?? now;
    notReadySince.set(sequence.id, since);
    if (now - since < readyWaitMs) return false;
    notReadySince.delete(sequence.id);
    return true;
  }

  /** Forgets the sequences no longer RUNNING. */
  mayGoOn.forgetAllBut = (ids: Set<number>): void => {
    for (const id of notReadySince.keys()) if (!ids.has(id)) notReadySince.delete(id);
  };
  return mayGoOn;
}
