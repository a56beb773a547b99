// Imports as jobs (docs/performance.md "Import jobs"): a client that asks `Prefer: respond-async` gets the
// job once its upload has arrived (202) and the import runs on the same off-loop path as a synchronous one,
// its phase and progress kept in the job row and published on the owner's `users:{id}` channel. A CSV read
// as it arrives has its job from its first bytes, `reading` while they come. A cancel stops it at the next
// statement of signal rows (or the next progress of its upload), and what it stored is removed. A process
// runs a job while it holds the job's claim; the reconciler fails a job no live process holds. Running one
// job is import-job-run.ts.
import { domainErrors, type ImportJob, type ImportJobEvent, type MeasurementImport } from '@eluent/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { WorkClaims } from '../../db/claims.ts';
import { AppError } from '../../errors.ts';
import type { ImportJobRow, ImportJobsRepository } from '../../repositories/import-jobs.ts';
import { requireRole, type Actor } from '../workspaces/actor.ts';
import type { FilesService } from './files.ts';
import { createImportJobRun, type JobImport, type LiveJob } from './import-job-run.ts';
import type { Upload } from './run-archive.ts';
import { createJobReceiver, type Opened } from './import-job-receive.ts';

export function importJobView(row: ImportJobRow): ImportJob {
  return {
    job_id: row.id,
    status: row.status,
    file_name: row.file_name,
    bytes_total: Number(row.bytes_total),
    bytes_read: Number(row.bytes_read),
    points_total: row.points_total,
    points_stored: row.points_stored,
    error: row.error,
    error_code: row.error_code,
    measurement_id: row.measurement_id,
    result: (row.result as MeasurementImport | null) ?? null,
    created_at: row.created_at.toISOString(),
    finished_at: row.finished_at?.toISOString() ?? null,
  };
}

/** The name a job shows: the run folder's, the one file's, or the first file's folder. */
function jobFileName(uploads: Upload[], runName: string | undefined): string {
  if (runName) return runName;
  const [first] = uploads;
  const path = first?.name ?? 'import';
  return uploads.length === 1 ? path.split(/[\\/]/).pop() || 'import' : path.split(/[\\/]/)[0] || path;
}

/** Fails every unfinished job that no live process holds (its process died); `here`: this process's. */
async function reconcileJobs(
  deps: {
    jobs: ImportJobsRepository;
    claims: WorkClaims;
    logger: FastifyBaseLogger;
    announce: (row: ImportJobRow) => void;
  },
  here: (id: number) => boolean,
): Promise<void> {
  const { jobs, claims, logger, announce } = deps;
  for (const row of await jobs.unfinished()) {
    if (here(row.id)) continue;
    if (!(await claims.acquire('import_job', row.id))) continue;
    try {
      // Read again under the claim: a job that ended since the list was read keeps what it stored.
      const current = await jobs.unfinishedById(row.id);
      if (!current) continue;
      // What it stored before its process died goes: the measurement it names and that one's channels.
      if (current.measurement_id !== null) await jobs.removeMeasurements([current.measurement_id]);
      const ended = await jobs.endUnfinished(row.id, {
        measurement_id: null,
        points_stored: 0,
        status: 'failed',
        error: domainErrors.import_job_process_stopped,
        error_code: 'import_job_process_stopped',
      });
      if (ended) announce(ended);
      logger.warn({ jobId: row.id }, 'import job of a stopped process marked failed');
    } finally {
      await claims.release('import_job', row.id);
    }
  }
}

export function createImportJobsService(deps: {
  jobs: ImportJobsRepository;
  files: FilesService;
  claims: WorkClaims;
  logger: FastifyBaseLogger;
  publish: (ownerId: number, event: ImportJobEvent) => void;
}) {
  const { jobs, files, claims, logger } = deps;
  const live = new Map<number, LiveJob>();
  /** Jobs of this process whose rows are being written (claimed, not yet in `live`). */
  const reserved = new Set<number>();
  let reconcileTimer: NodeJS.Timeout | null = null;
  let closing = false;

  function announce(row: ImportJobRow): void {
    const { result: _result, created_at: _created, finished_at: _finished, ...view } = importJobView(row);
    deps.publish(row.owner_id, { type: 'import_job', ...view, at: new Date().toISOString() });
  }

  const { run, progress } = createImportJobRun({ jobs, logger, announce, closing: () => closing });

  const reconcile = () =>
    reconcileJobs({ jobs, claims, logger, announce }, (id) => live.has(id) || reserved.has(id));

  /** A new job of this process, claimed before its row exists; it runs once `follow` is called. */
  async function open(actor: Actor, fileName: string, bytesTotal: number): Promise<Opened> {
    // The job is claimed (and known to this process's reconciler) before its row exists: no reconciler,
    // here or in another process, can take a new job for one whose process died.
    const id = await jobs.reserveId();
    reserved.add(id);
    let row: ImportJobRow;
    try {
      await claims.acquire('import_job', id);
      row = await jobs.insert({
        id,
        ownerId: actor.userId,
        workspaceId: actor.workspaceId,
        fileName,
        bytesTotal,
      });
    } catch (error) {
      await claims.release('import_job', id).catch(() => undefined);
      throw error;
    } finally {
      reserved.delete(id);
    }
    let settle = () => {};
    const job: LiveJob = {
      row,
      cancel: false,
      created: [],
      ended: new Promise((resolve) => (settle = resolve)),
    };
    live.set(row.id, job);
    return { job, settle };
  }

  /** Runs the job's import behind the answer; the job ends (and is let go) whatever it meets. */
  function follow({ job, settle }: Opened, work: JobImport): void {
    void run(job, work)
      .catch((error: unknown) => logger.error({ err: error, jobId: job.row.id }, 'import job not ended'))
      .finally(() => {
        live.delete(job.row.id);
        void claims.release('import_job', job.row.id).catch(() => undefined);
        settle();
      });
  }

  /** Queues the import of `uploads` and answers with the job at once; the import runs behind it. */
  async function start(actor: Actor, uploads: Upload[], templateUuid: string | null, runName?: string) {
    requireRole(actor, 'measurements.import');
    await files.checkTemplate(actor, templateUuid);
    const opened = await open(
      actor,
      jobFileName(uploads, runName),
      uploads.reduce((sum, upload) => sum + upload.bytes.length, 0),
    );
    follow(opened, (hooks) => files.importUploads(actor, uploads, templateUuid, runName, hooks));
    return importJobView(opened.job.row);
  }

  const receive = createJobReceiver({
    files,
    open,
    follow,
    start,
    progress,
    view: (job) => importJobView(job.row),
  });

  return {
    start,
    receive,

    /** The job as it stands; this process's own running jobs answer without the database. */
    async get(userId: number, jobId: number): Promise<ImportJob> {
      const running = live.get(jobId);
      if (running && running.row.owner_id === userId) return importJobView(running.row);
      const row = await jobs.owned(userId, jobId);
      if (!row) throw AppError.domain(404, 'import_job_not_found');
      return importJobView(row);
    },

    /** Asks the job to stop; answers once this process's job has ended, or with the row another will end. */
    async cancel(userId: number, jobId: number): Promise<ImportJob> {
      const running = live.get(jobId);
      if (running && running.row.owner_id === userId) {
        running.cancel = true;
        await running.ended;
        if (running.row.status !== 'cancelled') throw AppError.domain(409, 'import_job_ended');
        return importJobView(running.row);
      }
      const requested = await jobs.requestCancel(userId, jobId);
      if (requested) return importJobView(requested);
      if (!(await jobs.owned(userId, jobId))) throw AppError.domain(404, 'import_job_not_found');
      throw AppError.domain(409, 'import_job_ended');
    },

    reconcile,
    /** Fails the jobs of dead processes now and every `intervalMs` (ELUENT_RECONCILE_INTERVAL_SEC). */
    startReconciler(intervalMs: number): void {
      if (reconcileTimer) return;
      const tick = () =>
        void reconcile().catch((error: unknown) => logger.warn({ err: error }, 'reconciling imports failed'));
      tick();
      reconcileTimer = setInterval(tick, intervalMs);
      reconcileTimer.unref();
    },
    /** Stops the reconciler and the jobs under way (each ends failed: its process stopped). */
    async close(): Promise<void> {
      if (reconcileTimer) clearInterval(reconcileTimer);
      reconcileTimer = null;
      closing = true;
      for (const job of live.values()) job.cancel = true;
      await Promise.all([...live.values()].map((job) => job.ended));
    },
  };
}

export type ImportJobsService = ReturnType<typeof createImportJobsService>;
