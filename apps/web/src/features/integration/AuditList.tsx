// The manual integration changes of the shown measurement's results: when, what, the reason, and each change
// as a chromatographer reads it ("Peak 3 (Caffeine): end 2.05 → 2.11 min, area 136.9 → 139.2 mAU·s"); the
// page's Audit trail panel lists every entry of the measurement.
import { integrationAuditLines } from '@eluent/contracts';
import { formatDateTime } from '../../lib/time.ts';
import type { IntegrationAuditEntry, AuditPeak } from './integrationApi.ts';

const actionLabels: Record<string, string> = {
  integration_move: 'Moved a boundary',
  integration_split: 'Split a peak',
  integration_merge: 'Merged two peaks',
  integration_delete: 'Deleted a peak',
  integration_add: 'Added a peak',
  integration_batch: 'Several changes',
};

const peaksText = (peaks: AuditPeak[] | undefined) =>
  peaks && peaks.length > 0
    ? peaks
        .map((peak) => `${(peak.retention_time_sec / 60).toFixed(3)} min, area ${peak.area.toFixed(3)}`)
        .join('; ')
    : 'none';

/** The entry's changes in words; an entry written before peaks carried numbers shows both peak lists. */
function ChangeLines({ entry }: { entry: IntegrationAuditEntry }) {
  const lines = integrationAuditLines(
    entry.old_values?.peaks ?? [],
    entry.new_values?.peaks ?? [],
    entry.new_values?.unit ?? '',
  );
  if (lines === null)
    return (
      <p className="integration-audit__peaks">
        Before: {peaksText(entry.old_values?.peaks)} · After: {peaksText(entry.new_values?.peaks)}
      </p>
    );
  return (
    <>
      {lines.map((line) => (
        <p key={line} className="integration-audit__peaks">
          {line}
        </p>
      ))}
    </>
  );
}

export function AuditList({ entries }: { entries: IntegrationAuditEntry[] }) {
  return (
    <div className="integration-audit">
      <h3>Integration changes</h3>
      {entries.length === 0 ? (
        <p className="integration__hint">No manual changes yet.</p>
      ) : (
        <ol aria-label="Integration audit">
          {entries.map((entry) => (
            <li key={entry.id}>
              <div className="integration-audit__head">
                <strong>{actionLabels[entry.action] ?? entry.action}</strong>
                <span>{formatDateTime(entry.at)}</span>
                <span className="integration__hint">
                  result #{entry.old_values?.result_id ?? '—'} → #
                  {entry.new_values?.result_id ?? entry.entity_id}
                </span>
              </div>
              <p className="integration-audit__reason">Reason: {entry.reason ?? '—'}</p>
              <ChangeLines entry={entry} />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
