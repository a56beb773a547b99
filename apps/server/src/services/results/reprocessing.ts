// Background reprocessing: another template applied to one measurement, a list of measurements or a whole
// sequence. The job row holds the measurements, state and progress; each measurement gets a new result
// version (earlier ones stay). Jobs run one at a time per process and yield to the event loop between
// measurements, so the API stays responsive; after a restart unfinished jobs continue where they stood.
// A process runs a job only while it holds the job's claim (several processes may share the database), and a
// lost database connection pauses the job until the database answers; it then continues where it stood.
import { processingJobInputSchema, type ProcessingJob, type ProcessingJobEvent } from '@eluent/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import {
  isConnectionError,
  retryWhileUnavailable,
  type DatabaseAvailability,
} from '../../db/availability.ts';
import type { WorkClaims } from '../../db/claims.ts';
import { AppError } from '../../errors.ts';
import type { ProcessingJobRow, ProcessingJobsRepository } from '../../repositories/processing-jobs.ts';
import type { RunsRepository } from '../../repositories/sequences-runs.ts';
import type { SequencesRepository } from '../../repositories/sequences.ts';
import { parseInput } from '../../lib/input.ts';
import type { ResultsService } from './results.ts';
import { insertJob } from './reprocessing-request.ts';
import { requireRole, type Actor } from '../workspaces/actor.ts';

// The body (contracts: rest/processing-jobs.ts).
const jobInput = processingJobInputSchema;

export function jobView(job: ProcessingJobRow): ProcessingJob {
  return {
    id: job.id,
    scope: job.scope,
    target_id: job.target_id,
    measurement_ids: job.measurement_ids,
    template_uuid: job.template_uuid,
    state: job.state,
    done: job.done,
    total: job.total,
    error: job.error,
    created_at: job.created_at.toISOString(),
    started_at: job.started_at?.toISOString() ?? null,
    finished_at: job.finished_at?.toISOString() ?? null,
  };
}

/** A job's progress as its owner's channel announces it. */
function progressEvent(job: ProcessingJobRow, done: number): ProcessingJobEvent {
  return {
    type: 'processing_job',
    job_id: job.id,
    scope: job.scope,
    target_id: job.target_id,
    state: job.state,
    done,
    total: job.total,
    error: job.error,
    at: new Date().toISOString(),
  };
}

export function createReprocessingService(deps: {
  jobs: ProcessingJobsRepository;
  runs: RunsRepository;
  sequences: SequencesRepository;
  processing: ResultsService;
  publish: (creatorId: number, event: ProcessingJobEvent) => void;
  /** After the job's new versions and calibrations committed: announces each measurement's review change. */
  changed?: (measurementId: number) => void;
  logger: FastifyBaseLogger;
  availability: DatabaseAvailability;
  claims: WorkClaims;
}) {
  const { jobs, runs, sequences, processing, logger, availability, claims } = deps;
  let chain: Promise<void> = Promise.resolve();
  let closed = false;

  function announce(job: ProcessingJobRow, done: number): void {
    deps.publish(job.owner_id, progressEvent(job, done));
  }

  async function run(jobId: number): Promise<void> {
    const queued = await jobs.byId(jobId);
    if (!queued || queued.state === 'finished' || queued.state === 'failed') return;
    const job = await jobs.markRunning(jobId);
    const already = new Set(await jobs.processedMeasurements(jobId));
    let done = already.size;
    announce(job, done);
    const sequenceIds = new Set<number>();
    const changed: number[] = [];
    let failure: string | null = null;
    for (const measurementId of job.measurement_ids) {
      if (closed) return; // a restart continues the job
      if (already.has(measurementId)) continue;
      try {
        await processing.process(measurementId, {
          snapshot: job.template_snapshot as never,
          templateUuid: job.template_uuid,
          jobId,
          createdBy: job.owner_id,
          recalibrate: false,
        });
        changed.push(measurementId);
      } catch (error) {
        if (closed) return;
        if (isConnectionError(error)) throw error; // the whole job waits for the database
        // One unusable measurement (deleted meanwhile, too short) does not stop the others.
        const message = error instanceof AppError ? error.message : 'Peak processing failed.';
        failure ??= `measurement ${measurementId}: ${message}`;
        logger.warn({ err: error, jobId, measurementId }, 'reprocessing a measurement failed');
      }
      const sequenceId = await processing.sequenceOf(measurementId);
      if (sequenceId !== null) sequenceIds.add(sequenceId);
      done += 1;
      await jobs.setDone(jobId, done);
      announce(job, done);
      await yieldToEventLoop();
    }
    for (const sequenceId of sequenceIds) await processing.recalibrate(sequenceId);
    for (const measurementId of changed) deps.changed?.(measurementId);
    announce(await jobs.finish(jobId, failure), done);
  }

  function enqueue(jobId: number): void {
    chain = chain
      .then(() => run(jobId))
      .then(
        () => claims.release('processing_job', jobId),
        async (error: unknown) => {
          if (closed) return;
          if (isConnectionError(error)) {
            // Not the job's fault: continue it (from the measurements already stored) once the database is back.
            logger.warn({ err: error, jobId }, 'reprocessing waits for the database');
            availability.report(error);
            void availability.whenUp().then(() => {
              if (!closed) enqueue(jobId);
            });
            return;
          }
          logger.error({ err: error, jobId }, 'reprocessing job failed');
          const failed = await jobs.finish(jobId, 'Peak processing failed.').catch(() => undefined);
          if (failed) announce(failed, failed.done);
          await claims.release('processing_job', jobId);
        },
      )
      .catch((error: unknown) => logger.warn({ err: error, jobId }, 'reprocessing claim not released'));
  }

  return {
    /** Creates a job and queues it; answers at once with the queued job. */
    async create(actor: Actor, body: unknown) {
      requireRole(actor, 'results.process');
      const job = await insertJob({ jobs, runs, sequences }, actor, parseInput(jobInput, body));
      // A new job is this process's: no other process's start-up recovery takes it while it waits here.
      // The job is stored either way; if the database is away this instant, it is claimed once it is back.
      void retryWhileUnavailable(availability, () => claims.acquire('processing_job', job.id))
        .then((claimed) => claimed && enqueue(job.id))
        .catch((error: unknown) =>
          logger.warn({ err: error, jobId: job.id }, 'reprocessing job not claimed'),
        );
      return jobView(job);
    },

    async get(actor: Actor, jobId: number) {
      requireRole(actor, 'results.read');
      const job = await jobs.find(actor.workspaceId, jobId);
      if (!job) throw AppError.domain(404, 'processing_job_not_found');
      return jobView(job);
    },

    async list(actor: Actor) {
      requireRole(actor, 'results.read');
      return (await jobs.list(actor.workspaceId)).map(jobView);
    },

    /** Continues every queued or running job no live process holds (after a restart). */
    async recover(): Promise<void> {
      for (const job of await jobs.unfinished()) {
        if (await claims.acquire('processing_job', job.id)) enqueue(job.id);
      }
    },

    /** Stops taking the next measurement; the current one finishes or is redone after a restart. */
    async close(): Promise<void> {
      closed = true;
      await chain.catch(() => undefined);
    },
  };
}

export type ReprocessingService = ReturnType<typeof createReprocessingService>;
