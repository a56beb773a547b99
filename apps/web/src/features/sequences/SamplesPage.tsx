// Samples, blanks and standards of the user; a standard lists its analytes (amount, expected RT).
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Icon } from '../../components/Icon.tsx';
import { useCan } from '../workspaces/usePrivileges.ts';
import { formatDateTime } from '../../lib/time.ts';
import { notifyError } from '../../lib/toast.ts';
import { ShareDialog } from '../sharing/ShareDialog.tsx';
import type { ShareTarget } from '../sharing/shareTargets.ts';
import { AuditPanel } from '../audit/AuditPanel.tsx';
import { SampleForm } from './SampleForm.tsx';
import { deleteSample, fetchAllSamples, type Sample } from './sequencesApi.ts';
import { analytesText } from './sampleText.ts';
import { PageHead } from '../../components/PageHead.tsx';
import { LoadFailure, LoadingSkeleton } from '../../components/QueryState.tsx';

export function SamplesPage() {
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Sample | null>(null);
  const [sharing, setSharing] = useState<ShareTarget | null>(null);
  const [history, setHistory] = useState<Sample | null>(null);
  const can = useCan();
  const samples = useQuery({ queryKey: ['samples'], queryFn: fetchAllSamples });
  const remove = useMutation({
    mutationFn: deleteSample,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['samples'] }),
    onError: (error) => notifyError(error.message),
  });
  return (
    <div className="cabinet__content">
      <Link to="/app/sequences/" className="back-link">
        <Icon name="arrow_back" /> Sequences
      </Link>
      <PageHead
        title="Samples and standards"
        lead={
          <>
            What goes into a sequence table. A standard carries, per analyte, an amount and an expected
            retention time. Samples and standards can be changed until they have been injected; after that,
            expected times and amounts are corrected in the processing template&apos;s components.
          </>
        }
        actions={
          <>
            {can('samples.create') && (
              <button type="button" className="button" onClick={() => setCreating(true)} disabled={creating}>
                <Icon name="add" /> New sample or standard
              </button>
            )}
          </>
        }
      />
      {creating && can('samples.create') && <SampleForm onDone={() => setCreating(false)} />}
      {editing && can('samples.update') && (
        <SampleForm key={editing.id} editing={editing} onDone={() => setEditing(null)} />
      )}
      {samples.isError && <LoadFailure error={samples.error} onRetry={() => void samples.refetch()} />}
      {samples.isPending && <LoadingSkeleton label="samples and standards" />}
      {samples.data && (
        <div className="card list-card">
          <table className="list-table" aria-label="Samples and standards">
            <thead>
              <tr>
                <th>ID</th>
                <th>Name</th>
                <th>Kind</th>
                <th>Column</th>
                <th>Analytes</th>
                <th>Created</th>
                <th aria-label="Actions" />
              </tr>
            </thead>
            <tbody>
              {samples.data.length === 0 && (
                <tr>
                  <td colSpan={7} className="list-table__empty">
                    No samples yet.
                  </td>
                </tr>
              )}
              {samples.data.map((sample) => (
                <SampleRow
                  key={sample.id}
                  sample={sample}
                  onEdit={can('samples.update') ? () => setEditing(sample) : null}
                  onShare={() => setSharing({ type: 'sample', id: sample.id, label: sample.name })}
                  onHistory={() => setHistory(sample)}
                  onDelete={can('samples.delete') ? () => remove.mutate(sample) : null}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {history && (
        <AuditPanel
          key={history.id}
          kind="samples"
          id={history.id}
          title={`Audit trail of ${history.name}`}
          defaultOpen
        />
      )}
      {sharing && <ShareDialog target={sharing} open onClose={() => setSharing(null)} />}
    </div>
  );
}

interface SampleRowProps {
  sample: Sample;
  /** Null when the role may not change samples: no Edit button. */
  onEdit: (() => void) | null;
  onShare: () => void;
  onHistory: () => void;
  /** Null when the role may not delete samples: no Delete button. */
  onDelete: (() => void) | null;
}

function SampleRow({ sample, onEdit, onShare, onHistory, onDelete }: SampleRowProps) {
  return (
    <tr>
      <td className="list-table__id">{sample.id}</td>
      <td>{sample.name}</td>
      <td>
        <span className={`badge ${sample.type === 'standard' ? '' : 'badge--muted'}`}>{sample.type}</span>
      </td>
      <td>{sample.column_name}</td>
      <td className="samples__analytes">{analytesText(sample)}</td>
      <td>{formatDateTime(sample.created_at)}</td>
      <td className="list-table__actions">
        {onEdit && <RowButton icon="edit" label={`Edit ${sample.name}`} title="Edit" onClick={onEdit} />}
        <RowButton icon="share" label={`Share ${sample.name}`} title="Share" onClick={onShare} />
        <RowButton
          icon="history"
          label={`Audit trail of ${sample.name}`}
          title="Audit trail"
          onClick={onHistory}
        />
        {onDelete && (
          <RowButton icon="delete" label={`Delete ${sample.name}`} title="Delete" onClick={onDelete} />
        )}
      </td>
    </tr>
  );
}

function RowButton(props: { icon: string; label: string; title: string; onClick: () => void }) {
  return (
    <button
      type="button"
      className="icon-button"
      aria-label={props.label}
      title={props.title}
      onClick={props.onClick}
    >
      <Icon name={props.icon} />
    </button>
  );
}
