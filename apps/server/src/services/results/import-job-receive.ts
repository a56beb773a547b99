// An import job's request received (docs/performance.md "Import jobs"): a CSV read as it arrives has its job
// from its first bytes, `reading` while they come, its bytes read published at the cadence of the signal's
// COPYs; a request that breaks off or is refused ends that job failed with the refusal's code.
import type { ImportJob } from '@eluent/contracts';
import { requireRole, type Actor } from '../workspaces/actor.ts';
import type { FilesService } from './files.ts';
import type { ImportJobsRepository } from '../../repositories/import-jobs.ts';
import type { JobImport, LiveJob } from './import-job-run.ts';
import type { Upload } from './run-archive.ts';
import type { ReceivedUploads, UploadPart } from './upload-parts.ts';

/** A job just opened, and what settles its `ended` once it has. */
export interface Opened {
  job: LiveJob;
  settle: () => void;
}

export function createJobReceiver(deps: {
  files: FilesService;
  /** A new job of this process (import-jobs.ts). */
  open: (actor: Actor, fileName: string, bytesTotal: number) => Promise<Opened>;
  /** Runs a job's import behind the answer. */
  follow: (opened: Opened, work: JobImport) => void;
  /** The job of files read whole, queued once they have arrived. */
  start: (
    actor: Actor,
    uploads: Upload[],
    templateUuid: string | null,
    runName?: string,
  ) => Promise<ImportJob>;
  /** Writes a job's progress; false once its cancel was asked for. */
  progress: (job: LiveJob, values: Parameters<ImportJobsRepository['update']>[1]) => Promise<boolean>;
  /** The job as its client sees it. */
  view: (job: LiveJob) => ImportJob;
}) {
  const { files, open, follow, start, progress, view } = deps;

  /**
   * Receives an import request's parts and answers with its job once they have arrived (`bytes_total` of a
   * CSV read as it arrives is the request's length until the file's is known).
   */
  return async function receive(
    actor: Actor,
    parts: AsyncIterable<UploadPart>,
    requestBytes: number,
  ): Promise<ImportJob> {
    requireRole(actor, 'measurements.import');
    const streaming: { opened: Opened | null } = { opened: null };
    let received: ReceivedUploads;
    try {
      received = await files.receive(parts, async (name) => {
        const opened = await open(actor, name, requestBytes);
        streaming.opened = opened;
        if (!(await progress(opened.job, { status: 'reading' }))) return null;
        return { progress: (bytesRead) => progress(opened.job, { bytes_read: bytesRead }) };
      });
      if (streaming.opened) await files.checkTemplate(actor, received.fields.template_uuid ?? null);
    } catch (error) {
      // The job opened while its file arrived ends with the request's refusal.
      const refusal = error instanceof Error ? error : new Error(String(error));
      if (streaming.opened) follow(streaming.opened, () => Promise.reject(refusal));
      throw error;
    }
    const { uploads, streamed, fields } = received;
    const templateUuid = fields.template_uuid ?? null;
    if (!streaming.opened) return start(actor, uploads, templateUuid, fields.run_name);
    const { job } = streaming.opened;
    if (streamed) await progress(job, { bytes_read: streamed.bytesRead, bytes_total: streamed.bytesTotal });
    follow(streaming.opened, (hooks) =>
      files.importReceived(actor, received, templateUuid, fields.run_name, hooks),
    );
    return view(job);
  };
}
