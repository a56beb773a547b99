// The end of an injection's run: process its measurement (with the sequence's template, or the run's own),
// record a failed processing, and hand an interrupted or failed injection to its sequence's rules.
import type { FastifyBaseLogger } from 'fastify';
import {
  isConnectionError,
  retryWhileUnavailable,
  type DatabaseAvailability,
} from '../../db/availability.ts';
import type { WorkClaims } from '../../db/claims.ts';
import type { RunsRepository } from '../../repositories/sequences-runs.ts';
import type { SequenceRow, SequencesRepository } from '../../repositories/sequences.ts';
import type { ResultsService } from '../results/results.ts';
import { snapshotOf } from '../results/results.ts';
import { AppError } from '../../errors.ts';
import type { Interruptions } from './interruptions.ts';
import type { RunProgress } from './runner-progress.ts';

export interface FinishDependencies {
  sequences: SequencesRepository;
  runs: RunsRepository;
  results: ResultsService;
  logger: FastifyBaseLogger;
  availability: DatabaseAvailability;
  claims: WorkClaims;
  progress: RunProgress;
  /** Read when needed: the interruptions are built after the finish handling that they use. */
  interruptions: () => Interruptions;
  /** Gives the sequence's claim up once it no longer needs a driver. */
  settle: (sequenceId: number) => Promise<void>;
  /** A finished injection got its first result: open pages and reviews read it again. */
  changed?: (measurementId: number) => void;
}

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

export function createFinishHandling(deps: FinishDependencies) {
  const { sequences, runs, results, logger, availability, claims, settle } = deps;
  /** Finishes being handled on this process, by measurement: a notice and the reconciler share one. */
  const finishing = new Map<number, Promise<number | undefined>>();

  /** Processes a finished measurement; a failure other than a lost connection is recorded with it. */
  async function processFinished(
    measurementId: number,
    options: Parameters<ResultsService['process']>[1],
  ): Promise<void> {
    try {
      await results.process(measurementId, options);
      deps.changed?.(measurementId);
    } catch (error) {
      if (isConnectionError(error)) throw error;
      logger.warn({ err: error, measurementId }, 'processing a finished injection failed');
      // Recorded with the injection's measurement, so the sequence's results show it (catalogue text).
      await runs.recordProcessingError(measurementId, processingErrorCode(error));
    }
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
      await processFinished(measurement.id, {
        snapshot: snapshotOf(template),
        templateUuid: template ? template.uuid : null,
        onBehalfOf: startedBy,
      });
    } finally {
      await claims.release('injection', injectionId);
    }
  }

  /** Processes a sequence's finished injection with the template version the sequence pinned. */
  async function processOfSequence(sequence: SequenceRow, measurementId: number): Promise<void> {
    const template = sequence.template_uuid
      ? await sequences.template(
          sequence.workspace_id,
          sequence.template_uuid,
          undefined,
          sequence.template_version,
        )
      : undefined;
    await processFinished(measurementId, {
      snapshot: snapshotOf(template),
      templateUuid: sequence.template_uuid,
      templateVersion: template?.version ?? null,
      onBehalfOf: sequence.started_by,
    });
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
    if (result === 'completed' && !(await results.hasResult(measurementId)))
      await processOfSequence(sequence, measurementId);
    // Stopped on the instrument, not by the sequence (its Stop leaves it STOPPED first): the injection is
    // interrupted and the method's policy decides (pause with the choices, re-inject once, or skip). A
    // sequence already PAUSED (its run held on the instrument) stays so, and its Resume asks which way to go.
    if (
      result === 'stopped' &&
      (sequence.state === 'RUNNING' || sequence.state === 'PAUSED') &&
      sequence.current_injection_id === injection.id
    ) {
      await deps.interruptions().interrupt(injection.id, 'injection_interrupted_operator_stop');
      await settle(sequence.id);
      return;
    }
    if (result === 'error' && sequence.state === 'RUNNING') {
      await deps.progress.fail(
        sequence,
        typeof errorCode === 'string' ? errorCode : `device_error_${errorCode ?? 999}`,
      );
      await settle(sequence.id);
      return;
    }
    await deps.progress.progress((await sequences.byId(sequence.id))!, measurementId);
    await settle(sequence.id);
    return sequence.state === 'RUNNING' ? sequence.id : undefined;
  }

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

  return { handleFinish, finishing: (measurementId: number) => finishing.has(measurementId) };
}

export type FinishHandling = ReturnType<typeof createFinishHandling>;
