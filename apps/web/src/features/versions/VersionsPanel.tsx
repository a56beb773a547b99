// The "Versions" panel of the method and template editors: every kept version (who, when, why) and, for any
// older one, what differs from it to the current version, field by field in the editor's words.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { RecordVersionSummary } from '@eluent/contracts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { formatDateTimeWithZone } from '../../lib/time.ts';
import { fetchVersion, fetchVersions, versionsKey, type VersionedRecord } from './versionsApi.ts';
import '../audit/audit.css';

function Diff(props: { record: VersionedRecord; version: number; current: number }) {
  const { record, version, current } = props;
  const kept = useQuery({
    queryKey: [...versionsKey(record), version, current],
    queryFn: () => fetchVersion(record, version),
  });
  if (kept.isError) return <ErrorAlert>{kept.error.message}</ErrorAlert>;
  if (!kept.data) return null;
  const changes = kept.data.changes;
  return (
    <section aria-label={`Changes from version ${version} to the current version`}>
      <h3>Version {version} → current</h3>
      {changes.length === 0 ? (
        <p className="audit__muted">No difference.</p>
      ) : (
        <ul className="audit__changes">
          {changes.map((change) => (
            <li key={change.field}>
              <span className="audit__field">{change.label}</span> <del>{change.old ?? '—'}</del> →{' '}
              <ins>{change.new ?? '—'}</ins>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Row(props: {
  row: RecordVersionSummary;
  current: number;
  compared: boolean;
  onCompare: () => void;
}) {
  const { row, current, compared, onCompare } = props;
  return (
    <tr>
      <td>
        Version {row.version}
        {row.version === current ? ' (current)' : ''}
      </td>
      <td>{row.author ?? '—'}</td>
      <td>
        <time dateTime={row.created_at}>{formatDateTimeWithZone(row.created_at)}</time>
      </td>
      <td>{row.reason ?? (row.version === 1 ? 'Created' : '—')}</td>
      <td>
        {row.version !== current && (
          <button
            type="button"
            className="button button--secondary"
            aria-pressed={compared}
            onClick={onCompare}
          >
            Compare with current
          </button>
        )}
      </td>
    </tr>
  );
}

export function VersionsPanel({ record, current }: { record: VersionedRecord; current: number }) {
  const [open, setOpen] = useState(false);
  const [compared, setCompared] = useState<number | null>(null);
  const list = useQuery({
    queryKey: [...versionsKey(record), 'list', current],
    queryFn: () => fetchVersions(record),
    enabled: open,
  });
  return (
    <details className="audit card" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        <h2>Versions</h2>
      </summary>
      {list.isError && <ErrorAlert>{list.error.message}</ErrorAlert>}
      {list.data && (
        <div className="audit__scroll">
          <table className="audit__table" aria-label="Versions">
            <thead>
              <tr>
                <th>Version</th>
                <th>By</th>
                <th>When</th>
                <th>Reason</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {list.data.versions.map((row) => (
                <Row
                  key={row.version}
                  row={row}
                  current={list.data.current_version}
                  compared={compared === row.version}
                  onCompare={() => setCompared(row.version)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {compared !== null && <Diff record={record} version={compared} current={current} />}
    </details>
  );
}
