// The imports started from the chromatograms page, one per file (a run folder's files make one): each
// uploads, then follows its job until it ends. The job's progress arrives on the user's realtime channel;
// it is also read from the job every second while it runs, since a short job can end before a publication
// would be heard.
import { useCallback, useEffect, useRef, useState } from 'react';
import { channels, type ImportJob } from '@eluent/contracts';
import { subscribeChannel } from '../../api/realtime.ts';
import { notifyError } from '../../lib/toast.ts';
import { useSessionUser } from '../../lib/useSession.ts';
import { filesToImport, importPartName, type ImportFile } from './importMeasurement.ts';
import { cancelImportJob, fetchImportJob, importUnits, startImport } from './importJobsApi.ts';

const POLL_MS = 1000;
const ENDED = new Set(['done', 'failed', 'cancelled']);

export interface ImportEntry {
  key: number;
  name: string;
  /** The fraction of the upload sent, 0 to 1. */
  uploaded: number;
  /** The job, once the server has the file. */
  job: ImportJob | null;
  /** Why the upload itself failed (before any job). */
  uploadError: string | null;
  abort: () => void;
}

export const importEnded = (entry: ImportEntry) =>
  entry.uploadError !== null || (entry.job !== null && ENDED.has(entry.job.status));

/** A newer view of the job, unless the job has already ended (a late publication changes nothing). */
function merged(job: ImportJob, update: Partial<ImportJob>): ImportJob {
  return ENDED.has(job.status) ? job : { ...job, ...update };
}

let nextKey = 1;

export function useImports(onDone: (job: ImportJob, alone: boolean) => void) {
  const [entries, setEntries] = useState<ImportEntry[]>([]);
  const userId = useSessionUser()?.user_id;
  const update = useCallback((jobId: number, changes: Partial<ImportJob>) => {
    setEntries((list) =>
      list.map((entry) =>
        entry.job?.job_id === jobId ? { ...entry, job: merged(entry.job, changes) } : entry,
      ),
    );
  }, []);
  useEffect(() => {
    if (!userId) return;
    return subscribeChannel(channels.user(Number(userId)), (event) => {
      if (event.type !== 'import_job') return;
      const { type: _type, at: _at, ...job } = event;
      update(event.job_id, job);
    });
  }, [userId, update]);
  const running = entries
    .filter((entry) => entry.job && !importEnded(entry))
    .map((entry) => entry.job!.job_id);
  const runningKey = running.join(',');
  useEffect(() => {
    if (runningKey === '') return;
    const timer = setInterval(() => {
      for (const jobId of runningKey.split(',').map(Number))
        fetchImportJob(jobId).then(
          (job) => update(jobId, job),
          () => undefined,
        );
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [runningKey, update]);
  const announced = useRef(new Set<number>());
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    for (const entry of entries) {
      const job = entry.job;
      if (!job || !ENDED.has(job.status) || announced.current.has(job.job_id)) continue;
      announced.current.add(job.job_id);
      if (job.status === 'done') done.current(job, entries.length === 1);
      // The row keeps the one-line error; the toast says it where the user looks.
      else if (job.status === 'failed') notifyError(`${job.file_name}: ${job.error ?? 'The import failed.'}`);
    }
  }, [entries]);

  const patch = (key: number, changes: Partial<ImportEntry>) =>
    setEntries((list) => list.map((entry) => (entry.key === key ? { ...entry, ...changes } : entry)));

  function start(files: readonly ImportFile[]) {
    const units = importUnits(files).map((unit) => (unit.length > 1 ? filesToImport(unit) : unit));
    // A new pick or drop replaces the imports that have ended.
    setEntries((list) => list.filter((entry) => !importEnded(entry)));
    for (const unit of units) {
      const key = nextKey++;
      const first = importPartName(unit[0]!);
      const name = unit.length > 1 ? first.split('/')[0]! : first;
      const started = startImport(unit, (fraction) => patch(key, { uploaded: fraction }));
      setEntries((list) => [
        ...list,
        { key, name, uploaded: 0, job: null, uploadError: null, abort: started.abort },
      ]);
      started.job.then(
        (job) => patch(key, { uploaded: 1, job }),
        (error: unknown) => {
          const text = error instanceof Error ? error.message : 'The upload failed.';
          patch(key, { uploadError: text });
          notifyError(`${name}: ${text}`);
        },
      );
    }
  }

  async function cancel(entry: ImportEntry) {
    if (!entry.job) return entry.abort();
    const jobId = entry.job.job_id;
    try {
      update(jobId, await cancelImportJob(jobId));
    } catch {
      // Ended meanwhile: the job as it ended.
      update(jobId, await fetchImportJob(jobId));
    }
  }

  const dismiss = (key: number) => setEntries((list) => list.filter((entry) => entry.key !== key));

  return { entries, start, cancel, dismiss };
}
