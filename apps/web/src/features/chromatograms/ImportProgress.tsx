// One row per import under way or just ended: its name, a progress bar with the phase and its percentage,
// Cancel while it runs, the one-line error of a failed one, and a link to the measurement once stored.
import { Link } from 'react-router-dom';
import type { ImportJob } from '@eluent/contracts';
import { Icon } from '../../components/Icon.tsx';
import { importEnded, type ImportEntry } from './useImports.ts';

/**
 * Share of the bar each phase ends at: the upload first, storing the signal last, its longest part
 * (docs/performance.md "Imports").
 */
const UPLOAD_END = 40;
const READ_END = 45;
const PROCESS_END = 50;

const percent = (fraction: number) => Math.round(Math.min(1, Math.max(0, fraction)) * 100);

function storedFraction(job: ImportJob): number {
  return job.points_total ? job.points_stored / job.points_total : 0;
}

/** The bar's overall percentage and the phase's own words. */
export function importProgress(entry: ImportEntry): { value: number; text: string } {
  const { job } = entry;
  if (entry.uploadError !== null) return { value: 0, text: 'Upload failed' };
  if (!job) return { value: UPLOAD_END * entry.uploaded, text: `Uploading ${percent(entry.uploaded)}%` };
  switch (job.status) {
    case 'queued':
      return { value: UPLOAD_END, text: 'Queued' };
    case 'reading':
      return { value: UPLOAD_END, text: 'Reading the file' };
    case 'processing':
      return { value: READ_END, text: 'Processing' };
    case 'storing': {
      const fraction = storedFraction(job);
      return { value: PROCESS_END + (100 - PROCESS_END) * fraction, text: `Storing ${percent(fraction)}%` };
    }
    case 'done':
      return { value: 100, text: 'Imported' };
    case 'failed':
      return { value: 0, text: 'Failed' };
    case 'cancelled':
      return { value: 0, text: 'Cancelled' };
  }
}

function ImportRow({
  entry,
  onCancel,
  onDismiss,
}: {
  entry: ImportEntry;
  onCancel: () => void;
  onDismiss: () => void;
}) {
  const { value, text } = importProgress(entry);
  const ended = importEnded(entry);
  const error = entry.uploadError ?? (entry.job?.status === 'failed' ? entry.job.error : null);
  const measurementId = entry.job?.status === 'done' ? entry.job.measurement_id : null;
  return (
    <li className="import-progress__item" aria-label={`Import of ${entry.name}`}>
      <span className="import-progress__name">{entry.name}</span>
      <div
        className="progress import-progress__bar"
        role="progressbar"
        aria-label={`Progress of ${entry.name}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(value)}
      >
        <div className="progress__bar" style={{ width: `${Math.round(value)}%` }} />
      </div>
      <span className="import-progress__phase">{text}</span>
      {!ended && (
        <button type="button" className="button button--secondary button--small" onClick={onCancel}>
          Cancel
        </button>
      )}
      {measurementId !== null && <Link to={`/app/chromatograms/${measurementId}`}>Open</Link>}
      {ended && (
        <button
          type="button"
          className="icon-button"
          aria-label={`Dismiss ${entry.name}`}
          onClick={onDismiss}
        >
          <Icon name="close" />
        </button>
      )}
      {error && <p className="import-progress__error">{error}</p>}
    </li>
  );
}

export function ImportProgressList(props: {
  entries: ImportEntry[];
  onCancel: (entry: ImportEntry) => void;
  onDismiss: (key: number) => void;
}) {
  if (props.entries.length === 0) return null;
  return (
    <ul className="import-progress" aria-label="Imports">
      {props.entries.map((entry) => (
        <ImportRow
          key={entry.key}
          entry={entry}
          onCancel={() => props.onCancel(entry)}
          onDismiss={() => props.onDismiss(entry.key)}
        />
      ))}
    </ul>
  );
}
