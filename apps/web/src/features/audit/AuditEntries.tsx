// Audit entries as a table: when (local time with the zone), who, what, each field old → new, and why.
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

export function AuditEntries({ entries, label }: { entries: AuditEntry[]; label: string }) {
  if (entries.length === 0) return <p className="audit__muted">No changes recorded.</p>;
  return (
    <div className="audit__scroll">
      <table className="audit__table" aria-label={label}>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">What</th>
            <th scope="col">Changes</th>
            <th scope="col">Reason</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td>
                <time dateTime={entry.at}>{formatDateTimeWithZone(entry.at)}</time>
              </td>
              <td>{entry.user ? (entry.user.email ?? `user ${entry.user.id}`) : 'Eluent server'}</td>
              <td>
                <strong>{entry.action_label}</strong> {entry.entity_label} {entry.entity_id}
                {entry.label ? ` (${entry.label})` : ''}
              </td>
              <td>
                <Changes entry={entry} />
              </td>
              <td>{entry.reason ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
