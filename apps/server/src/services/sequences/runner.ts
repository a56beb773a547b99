// Walks a RUNNING sequence through its enabled drafts × injections on the instrument, one injection at a
// time. All state lives in the database (sequence state, current draft and injection, injections of the
// run), so after a restart `recover()` continues where the sequence stood. Several processes may share the
// database: a process drives a sequence only while it holds the sequence's claim (taken when it starts or
// recovers it, given up when the run ends), so one process runs each step. A lost database connection
// pauses a step until the database answers again; the step then runs again from the stored state.
// The end of an injection is heard as a notice (from this process, or relayed through Redis); the
// reconciler does not rely on it: every few seconds it reads the RUNNING sequences from the database and
// drives on any whose injection ended without being handled, or whose claim the process that held it lost.
import type { SequenceProgressEvent } from '@eluent/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { retryWhileUnavailable, type DatabaseAvailability } from '../../db/availability.ts';
import type { WorkClaims } from '../../db/claims.ts';
import type { RunsRepository } from '../../repositories/sequences-runs.ts';
import type { SamplesRepository } from '../../repositories/samples.ts';
import type { SequencesRepository } from '../../repositories/sequences.ts';
import type { ResultsService } from '../results/results.ts';
import type { InstrumentPort } from './instrument-port.ts';
import { createInterruptions, type Interruptions } from './interruptions.ts';
import { createAdvance } from './runner-advance.ts';
import { createFinishHandling } from './runner-finish.ts';
import { createRunProgress } from './runner-progress.ts';
import { createReconciler } from './runner-reconcile.ts';

export { planOf } from './runner-progress.ts';

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

export function createSequenceRunner(deps: RunnerDependencies) {
  const { sequences, port, logger, availability, claims } = deps;
  const chains = new Map<number, Promise<void>>();
  const runProgress = createRunProgress(deps);
  const { progress } = runProgress;
  // The step and the finish handling drive interruptions that drive them on: built after them.
  const built: { interruptions?: Interruptions } = {};
  const interruptionsOf = (): Interruptions => built.interruptions!;
  const advance = createAdvance({ ...deps, progress: runProgress, interruptions: interruptionsOf });

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

  const finish = createFinishHandling({
    ...deps,
    progress: runProgress,
    interruptions: interruptionsOf,
    settle,
  });

  const interruptions = createInterruptions({
    sequences,
    runs: deps.runs,
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
  built.interruptions = interruptions;

  port.onRunFinished((notice) => {
    finish
      .handleFinish(notice.measurementId, notice.result, notice.errorCode)
      .then((next) => (next === undefined ? undefined : kick(next)))
      .catch((error: unknown) =>
        logger.error({ err: error, measurementId: notice.measurementId }, 'run finish handling failed'),
      );
  });

  const reconciler = createReconciler({
    ...deps,
    progress: runProgress,
    interruptions,
    finish,
    stepping: (sequenceId) => chains.has(sequenceId),
    kick,
    settle,
  });

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
    startReconciler: (intervalMs: number) => reconciler.start(intervalMs),
    reconcile: reconciler.reconcileNow,
    /** Waits for queued steps (tests and shutdown). */
    async idle(): Promise<void> {
      await Promise.all([...chains.values(), reconciler.running()]);
    },
    close(): void {
      reconciler.close();
      interruptions.close();
    },
  };
}

export type SequenceRunner = ReturnType<typeof createSequenceRunner>;
