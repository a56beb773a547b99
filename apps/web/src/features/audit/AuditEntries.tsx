// Audit entries as a table: when (local time with the zone), who, what, each field old → new, and why.
import { personLabel } from '@eluent/contracts';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { formatDateTimeWithZone } from '../../lib/time.ts';
import type { AuditEntry } from './auditApi.ts';

function Changes({ entry }: { entry: AuditEntry }) {
  if (entry.changes.length === 0) return <span className="audit__muted">—</span>;
  return (
    <ul className="audit__changes">
      {entry.changes.map((change) => (
        <li key={change.field}>
          <span className="audit__field">{change.label}</span>{' '}
          {change.old === null ? (
            <span>{change.new ?? '—'}</span>
          ) : (
            <>
              <del>{change.old}</del> → <ins>{change.new ?? '—'}</ins>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

const columns: Array<Column<AuditEntry>> = [
  {
    head: 'When',
    cell: (entry) => <time dateTime={entry.at}>{formatDateTimeWithZone(entry.at)}</time>,
  },
  {
    head: 'Who',
    cell: (entry) => (entry.user ? personLabel(entry.user) : 'Eluent server'),
  },
  {
    head: 'What',
    cell: (entry) => (
      <>
        <strong>{entry.action_label}</strong> {entry.entity_label} {entry.entity_id}
        {entry.label ? ` (${entry.label})` : ''}
      </>
    ),
  },
  { head: 'Changes', cell: (entry) => <Changes entry={entry} /> },
  { head: 'Reason', cell: (entry) => entry.reason ?? '' },
];

export function AuditEntries({ entries, label }: { entries: AuditEntry[]; label: string }) {
  if (entries.length === 0) return <p className="audit__muted">No changes recorded.</p>;
  return (
    <div className="audit__scroll">
      <DataTable
        className="audit__table"
        label={label}
        columns={columns}
        rows={entries}
        rowKey={(entry) => entry.id}
      />
    </div>
  );
}
