// Sequences of the signed-in user: state, instrument, rows, dates; a form for a new one.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Icon } from '../../components/Icon.tsx';
import { formatDateTime } from '../../lib/time.ts';
import { NewSequenceForm } from './NewSequenceForm.tsx';
import { useCan } from '../workspaces/usePrivileges.ts';
import { fetchChoices, fetchSequences } from './sequencesApi.ts';
import { StateBadge } from './stateBadge.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { PageHead } from '../../components/PageHead.tsx';
import { LoadFailure, LoadingSkeleton } from '../../components/QueryState.tsx';

export function SequencesPage() {
  const [creating, setCreating] = useState(false);
  const can = useCan();
  const sequences = useQuery({ queryKey: ['sequences'], queryFn: fetchSequences });
  const choices = useQuery({ queryKey: ['sequence-choices'], queryFn: fetchChoices });
  const deviceName = (id: number | null) => choices.data?.devices.find((d) => d.id === id)?.name ?? '—';
  const list = [...(sequences.data ?? [])].sort((a, b) => b.id - a.id);
  return (
    <div className="cabinet__content">
      <PageHead
        title="Sequences"
        lead="Tables of samples and standards run on an instrument, with results."
        actions={
          <>
            <Link className="button button--secondary" to="/app/sequences/samples">
              <Icon name="science" /> Samples and standards
            </Link>
            {can('sequences.create') && (
              <button type="button" className="button" onClick={() => setCreating(true)} disabled={creating}>
                <Icon name="add" /> New sequence
              </button>
            )}
          </>
        }
      />
      {creating && can('sequences.create') && <NewSequenceForm onCancel={() => setCreating(false)} />}
      {sequences.isError ? (
        <LoadFailure error={sequences.error} onRetry={() => void sequences.refetch()} />
      ) : sequences.isPending ? (
        <LoadingSkeleton label="sequences" />
      ) : sequences.isSuccess && list.length === 0 ? (
        <EmptyState icon="playlist_play" title="No sequences yet">
          <p>Create a sequence, add samples and standards to its table, and start it on an instrument.</p>
        </EmptyState>
      ) : sequences.isSuccess ? (
        <div className="card list-card">
          <table className="list-table" aria-label="Sequences">
            <thead>
              <tr>
                <th>ID</th>
                <th>Name</th>
                <th>State</th>
                <th>Instrument</th>
                <th className="list-table__number">Rows</th>
                <th>Created</th>
                <th>Finished</th>
              </tr>
            </thead>
            <tbody>
              {list.map((sequence) => (
                <tr key={sequence.id}>
                  <td className="list-table__id">{sequence.id}</td>
                  <td>
                    <Link to={`/app/sequences/${sequence.id}`}>{sequence.name}</Link>
                  </td>
                  <td>
                    <StateBadge state={sequence.state} />
                  </td>
                  <td>{deviceName(sequence.device_id)}</td>
                  <td className="list-table__number">{sequence.drafts.length}</td>
                  <td>{formatDateTime(sequence.created_at)}</td>
                  <td>{formatDateTime(sequence.finished_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
