// The audit trail as CSV (RFC 4180): one line per changed field of each event (an event without field
// changes keeps one line), time in UTC, text quoted when needed and never read as a spreadsheet formula.
import { personLabel, type AuditEntry } from '@eluent/contracts';
import { csvDocument } from '../csv.ts';

const HEADER = [
  'Time (UTC)',
  'User',
  'Object',
  'Object id',
  'Name',
  'Action',
  'Field',
  'Old value',
  'New value',
  'Reason',
  'Entry',
  'Chain position',
  'Hash',
];

export function auditCsv(entries: AuditEntry[]): string {
  const rows: unknown[][] = [HEADER];
  for (const entry of entries) {
    const common = [
      entry.at,
      entry.user ? personLabel(entry.user) : 'server',
      entry.entity_label,
      entry.entity_id,
      entry.label,
      entry.action_label,
    ];
    const tail = [entry.reason, entry.summary, entry.chain_seq, entry.hash];
    const changes = entry.changes.length > 0 ? entry.changes : [null];
    for (const change of changes) {
      const fields = change ? [change.label, change.old, change.new] : [null, null, null];
      rows.push([...common, ...fields, ...tail]);
    }
  }
  return csvDocument(rows);
}
