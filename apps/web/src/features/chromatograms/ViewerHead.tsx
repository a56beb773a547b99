// The chromatogram page's head: name, source and date, the downloads and the compare pick, and what the
// file said about the run (channel, details, notes).
import { Link } from 'react-router-dom';
import { Icon } from '../../components/Icon.tsx';
import { PageHead } from '../../components/PageHead.tsx';
import { formatDateTime } from '../../lib/time.ts';
import { downloadMeasurement } from './downloadMeasurement.ts';
import { fileDetails, fileNotes } from './fileNotes.ts';
import type { MeasurementWithPeaks } from './measurementsApi.ts';

interface ViewerHeadProps {
  id: number;
  measurement: MeasurementWithPeaks | undefined;
  /** The shown channel of a run folder. */
  channelName: string | undefined;
  compareIds: readonly number[];
  onToggleCompare: () => void;
}

export function ViewerHead({ id, measurement, channelName, compareIds, onToggleCompare }: ViewerHeadProps) {
  const notes = fileNotes(measurement?.metadata);
  const details = fileDetails(measurement?.metadata);
  return (
    <PageHead
      title={measurement?.name ?? `Measurement #${id}`}
      lead={
        <>
          #{id}
          {measurement ? ` · ${measurement.source} · ${formatDateTime(measurement.created_at)}` : ''}
        </>
      }
      actions={<ViewerActions id={id} compareIds={compareIds} onToggleCompare={onToggleCompare} />}
    >
      {channelName && <p className="viewer-channel">Channel: {channelName}</p>}
      {details.length > 0 && (
        <dl className="file-details" aria-label="From the file">
          {details.map(({ label, value }) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {notes.length > 0 && (
        <ul className="file-notes" aria-label="File notes">
          {notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
    </PageHead>
  );
}

function ViewerActions({
  id,
  compareIds,
  onToggleCompare,
}: Omit<ViewerHeadProps, 'measurement' | 'channelName'>) {
  const comparing = compareIds.includes(id);
  return (
    <>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => void downloadMeasurement(id, 'csv')}
      >
        <Icon name="download" /> CSV
      </button>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => void downloadMeasurement(id, 'cdf')}
      >
        <Icon name="download" /> AIA .cdf
      </button>
      <button
        type="button"
        className="button button--secondary"
        title="Allotrope Simple Model (liquid chromatography): the run, its data and its peak list"
        onClick={() => void downloadMeasurement(id, 'asm')}
      >
        <Icon name="download" /> ASM
      </button>
      <button
        type="button"
        className="button button--secondary"
        aria-pressed={comparing}
        onClick={onToggleCompare}
      >
        <Icon name={comparing ? 'check_box' : 'check_box_outline_blank'} /> Compare
      </button>
      {compareIds.length > 0 && (
        <Link className="button" to="/app/chromatograms/compare">
          <Icon name="stacked_line_chart" /> Overlay ({compareIds.length})
        </Link>
      )}
    </>
  );
}
