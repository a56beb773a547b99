// Measurements: search, open, pick for comparison, import a chromatogram file or a vendor run folder (picked,
// dropped on the page, or zipped).
import { useRef, useState, type DragEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Icon } from '../../components/Icon.tsx';
import { ListContent } from '../../components/ListContent.tsx';
import { Pager } from '../../components/Pager.tsx';
import { SearchField } from '../../components/ListToolbar.tsx';
import { formatDateTime, formatDurationSec } from '../../lib/time.ts';
import { notifyError, notifySuccess } from '../../lib/toast.ts';
import { fetchMeasurements, type Measurement } from './measurementsApi.ts';
import { useImports } from './useImports.ts';
import { ImportProgressList } from './ImportProgress.tsx';
import { droppedFiles } from './droppedFiles.ts';
import type { ImportFile } from './importMeasurement.ts';
import { useChromatogramPrefs } from './useChromatogramPrefs.ts';
import { readActiveChromatogram } from './chromatogramStorage.ts';
import './chromatograms.css';
import { PageHead } from '../../components/PageHead.tsx';
import { SelectionReprocess } from './SelectionReprocess.tsx';
import { useCan } from '../workspaces/usePrivileges.ts';

export function ChromatogramsPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const prefs = useChromatogramPrefs();
  const can = useCan();
  const [activeId] = useState(() => readActiveChromatogram(prefs.userId));
  const measurements = useQuery({
    queryKey: ['measurements', search, page],
    queryFn: () => fetchMeasurements(search, page),
    placeholderData: keepPreviousData,
  });
  // Each file picked or dropped is its own import, followed by a progress row; one alone opens when stored.
  const imports = useImports((job, alone) => {
    void queryClient.invalidateQueries({ queryKey: ['measurements'] });
    notifySuccess(`${job.file_name} imported`);
    if (alone && job.measurement_id !== null) void navigate(`/app/chromatograms/${job.measurement_id}`);
  });
  const mayImport = can('measurements.import');
  const drop = useDropImport(mayImport, imports.start);
  return (
    <div
      className={drop.dropping ? 'cabinet__content import-drop--active' : 'cabinet__content'}
      {...drop.target}
    >
      <PageHead
        title="Chromatograms"
        lead="Measurements from your instruments and imported files, with their peaks."
        actions={
          <>
            {activeId !== null && (
              <Link className="button button--secondary" to={`/app/chromatograms/${activeId}`}>
                <Icon name="history" /> Last opened #{activeId}
              </Link>
            )}
            {prefs.compareIds.length > 0 && (
              <Link className="button button--secondary" to="/app/chromatograms/compare">
                <Icon name="stacked_line_chart" /> Compare ({prefs.compareIds.length})
              </Link>
            )}
            <ImportButtons mayImport={mayImport} onFiles={imports.start} />
          </>
        }
      />
      <ImportProgressList
        entries={imports.entries}
        onCancel={(entry) => void imports.cancel(entry)}
        onDismiss={imports.dismiss}
      />
      {prefs.compareIds.length > 0 && can('results.process') && (
        <SelectionReprocess measurementIds={prefs.compareIds} />
      )}
      <div className="list-toolbar">
        <SearchField
          label="Search chromatograms"
          value={search}
          onChange={(text) => {
            setSearch(text);
            setPage(0);
          }}
        />
      </div>
      <ListContent
        query={measurements}
        isEmpty={(data) => data.measurements.length === 0}
        empty={{
          icon: 'show_chart',
          label: 'chromatograms',
          title: 'No chromatograms yet',
          text: 'Run a sequence on an instrument, or import an AIA/ANDI .cdf or CSV file, or a run folder (Agilent .D, Waters .raw; picked, dropped here or zipped).',
        }}
      >
        {(data) => (
          <>
            <table className="list-table">
              <thead>
                <tr>
                  <th aria-label="Compare" />
                  <th>ID</th>
                  <th>Name</th>
                  <th>Source</th>
                  <th className="list-table__number">Duration</th>
                  <th className="list-table__number">Points</th>
                  <th>Recorded</th>
                </tr>
              </thead>
              <tbody>
                {data.measurements.map((measurement) => (
                  <MeasurementRow
                    key={measurement.id}
                    measurement={measurement}
                    active={measurement.id === activeId}
                    compared={prefs.compareIds.includes(measurement.id)}
                    onCompare={() => prefs.toggleCompare(measurement.id)}
                  />
                ))}
              </tbody>
            </table>
            <Pager page={page} total={data.total} onPage={setPage} />
          </>
        )}
      </ListContent>
    </div>
  );
}

/** A file, several, a zip or a whole run folder dropped anywhere on the page is imported as if picked. */
function useDropImport(mayImport: boolean, onFiles: (files: ImportFile[]) => void) {
  const [dropping, setDropping] = useState(false);
  const target = mayImport
    ? {
        onDragOver: (event: DragEvent<HTMLDivElement>) => {
          if (!event.dataTransfer.types.includes('Files')) return;
          event.preventDefault();
          setDropping(true);
        },
        onDragLeave: (event: DragEvent<HTMLDivElement>) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDropping(false);
        },
        onDrop: (event: DragEvent<HTMLDivElement>) => {
          event.preventDefault();
          setDropping(false);
          droppedFiles(event.dataTransfer).then(
            (files) => (files.length > 0 ? onFiles(files) : undefined),
            (error: unknown) =>
              notifyError(error instanceof Error ? error.message : 'The drop cannot be read.'),
          );
        },
      }
    : {};
  return { dropping, target };
}

/** The hidden file and folder pickers, and the buttons that open them for a role that may import. */
function ImportButtons({
  mayImport,
  onFiles,
}: {
  mayImport: boolean;
  onFiles: (files: ImportFile[]) => void;
}) {
  const fileInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const picked = (input: HTMLInputElement) => {
    const files = Array.from(input.files ?? [], (file) => ({ file }));
    if (files.length > 0) onFiles(files);
    input.value = '';
  };
  return (
    <>
      <input
        ref={fileInput}
        type="file"
        accept=".cdf,.csv,.txt,.zip,.ch"
        hidden
        multiple
        aria-label="Chromatogram file"
        onChange={(event) => picked(event.target)}
      />
      {/* A directory upload: every file of the picked folder, each named by its path in it. */}
      <input
        ref={folderInput}
        type="file"
        hidden
        multiple
        aria-label="Run folder"
        {...{ webkitdirectory: '' }}
        onChange={(event) => picked(event.target)}
      />
      {mayImport && (
        <>
          <button
            type="button"
            className="button button--secondary"
            title="An Agilent .D or Waters .raw folder: one chromatogram with a channel per signal"
            onClick={() => folderInput.current?.click()}
          >
            <Icon name="folder_open" /> Import run folder
          </button>
          <button type="button" className="button" onClick={() => fileInput.current?.click()}>
            <Icon name="upload_file" /> Import file
          </button>
        </>
      )}
    </>
  );
}

interface MeasurementRowProps {
  measurement: Measurement;
  /** The chromatogram last opened on this browser. */
  active: boolean;
  compared: boolean;
  onCompare: () => void;
}

function MeasurementRow({ measurement, active, compared, onCompare }: MeasurementRowProps) {
  return (
    <tr className={active ? 'list-table__row--active' : undefined} aria-current={active ? 'true' : undefined}>
      <td className="list-table__star">
        <input
          type="checkbox"
          aria-label={`Compare ${measurement.name}`}
          checked={compared}
          onChange={onCompare}
        />
      </td>
      <td className="list-table__id">{measurement.id}</td>
      <td>
        <Link to={`/app/chromatograms/${measurement.id}`}>{measurement.name}</Link>
        {measurement.channel_name && (
          <span className="list-table__channel"> · {measurement.channel_name}</span>
        )}
        {measurement.state !== 'complete' && <span className="badge badge--muted">{measurement.state}</span>}
      </td>
      <td>{measurement.source}</td>
      <td className="list-table__number">{formatDurationSec(measurement.duration_sec)}</td>
      <td className="list-table__number">{measurement.points_count.toLocaleString()}</td>
      <td>{formatDateTime(measurement.created_at)}</td>
    </tr>
  );
}
