// Running one import job (docs/performance.md "Import jobs"): the import's phases and progress written to the
// job's row and announced to its owner, a cancel honoured at the next hook, and how a job that did not finish
// ends (its process stopping, its owner's cancel, or the import's error) with what it stored removed.
import { domainErrors, type MeasurementImport } from '@eluent/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../errors.ts';
import type { ImportJobRow, ImportJobsRepository } from '../../repositories/import-jobs.ts';
import type { ImportHooks } from './files.ts';

/** Thrown from a hook to stop an import whose cancel was asked for; its transaction rolls back. */
class ImportCancelled extends Error {}

/** A job this process runs: its current row, and whether its owner asked it to stop. */
export interface LiveJob {
  row: ImportJobRow;
  cancel: boolean;
  /** Measurements it stored so far: removed unless it finishes. */
  created: number[];
  /** Settles once the job has ended (and this process let it go). */
  ended: Promise<void>;
}

/** The import a job runs, given the hooks that follow it. */
export type JobImport = (hooks: ImportHooks) => Promise<MeasurementImport>;

/** The one line a failed import shows: the refusal's text, then the reader's reason when it gave one. */
function failureOf(error: unknown): { error: string; error_code: string } {
  if (!(error instanceof AppError)) {
    return { error: domainErrors.measurement_file_invalid, error_code: 'measurement_file_invalid' };
  }
  const reason = error.body.reason;
  const text =
    typeof reason === 'string' && reason !== error.message ? `${error.message} ${reason}` : error.message;
  return { error: text, error_code: error.code };
}

export function createImportJobRun(deps: {
  jobs: ImportJobsRepository;
  logger: FastifyBaseLogger;
  /** Tells the job's owner its row changed. */
  announce: (row: ImportJobRow) => void;
  /** Whether this process is stopping: its jobs end failed. */
  closing: () => boolean;
}) {
  const { jobs, logger, announce } = deps;

  /** Moves a job on, in its row and to its owner; refuses to go on once its cancel was asked for. */
  async function advance(job: LiveJob, values: Parameters<ImportJobsRepository['update']>[1]) {
    if (job.cancel) throw new ImportCancelled();
    job.row = await jobs.update(job.row.id, values);
    announce(job.row);
    if (job.row.cancel_requested) throw new ImportCancelled();
  }

  function hooksOf(job: LiveJob): ImportHooks {
    return {
      read: (pointsTotal) =>
        advance(job, {
          status: 'processing',
          bytes_read: Number(job.row.bytes_total),
          points_total: pointsTotal,
        }),
      storing: () => advance(job, { status: 'storing' }),
      async created(measurementId: number) {
        job.created.push(measurementId);
        if (job.row.measurement_id === null) await advance(job, { measurement_id: measurementId });
      },
      // Between two statements of signal rows: another process's cancel is in the row.
      stored: (_db, points) => advance(job, { points_stored: job.row.points_stored + points }),
    };
  }

  async function end(job: LiveJob, values: Parameters<ImportJobsRepository['update']>[1]) {
    const ended = await jobs.endUnfinished(job.row.id, values);
    if (ended) {
      job.row = ended;
      announce(ended);
    }
  }

  /** Runs the job's import to its end: done, or failed or cancelled with what it stored removed. */
  async function run(job: LiveJob, work: JobImport) {
    try {
      if (job.row.status === 'queued') await advance(job, { status: 'reading' });
      const result = await work(hooksOf(job));
      await end(job, {
        status: 'done',
        result: JSON.stringify(result),
        measurement_id: result.measurement_id,
        points_stored: job.row.points_stored,
      });
    } catch (error) {
      await jobs.removeMeasurements(job.created);
      await end(job, { ...endingOf(job, error), points_stored: 0, measurement_id: null });
    }
  }

  /** How a job that did not finish ends: its process stopping, its owner's cancel, or the import's error. */
  function endingOf(job: LiveJob, error: unknown) {
    if (deps.closing()) {
      const text = domainErrors.import_job_process_stopped;
      return { status: 'failed' as const, error: text, error_code: 'import_job_process_stopped' };
    }
    if (error instanceof ImportCancelled || job.cancel) {
      const text = domainErrors.import_job_cancelled;
      return { status: 'cancelled' as const, error: text, error_code: 'import_job_cancelled' };
    }
    if (!(error instanceof AppError)) logger.error({ err: error, jobId: job.row.id }, 'import job failed');
    return { status: 'failed' as const, ...failureOf(error) };
  }

  /**
   * A file read as it arrives: its bytes read so far, in the row and to its owner; false once its cancel
   * was asked for (the reading stops; the job ends cancelled when it runs on).
   */
  async function progress(job: LiveJob, values: Parameters<ImportJobsRepository['update']>[1]) {
    try {
      await advance(job, values);
      return true;
    } catch (error) {
      if (error instanceof ImportCancelled) job.cancel = true;
      else logger.warn({ err: error, jobId: job.row.id }, 'import job progress not written');
      return false;
    }
  }

  return { run, progress };
}
