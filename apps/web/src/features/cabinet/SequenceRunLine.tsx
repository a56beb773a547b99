// The instrument page's line naming the sequence RUNNING or PAUSED on the instrument and its current
// sample, with a link to the sequence; refreshed every few seconds.
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { fetchDevice, type SequenceRun } from './deviceCommands.ts';

const REFRESH_MS = 3000;

export function SequenceRunLine({ id, initial }: { id: number; initial: SequenceRun | null }) {
  const run = useQuery({
    queryKey: ['device-sequence-run', id],
    queryFn: async () => (await fetchDevice(id)).sequence_run ?? null,
    initialData: initial,
    refetchInterval: REFRESH_MS,
  });
  const current = run.data;
  return (
    <p className="device-page__sequence" role="status" aria-label="Sequence on this instrument">
      {current ? (
        <>
          {current.state === 'PAUSED' ? 'Paused' : 'Running'}:{' '}
          <Link to={`/app/sequences/${current.sequence_id}`}>{current.sequence_name}</Link>
          {current.sample_name ? ` · sample ${current.sample_name}` : ''}
          {current.replicate ? ` · injection ${current.replicate}` : ''}
          {current.injection_state === 'interrupted' ? ' · interrupted, waiting for your choice' : ''}
        </>
      ) : (
        'No sequence is running on this instrument.'
      )}
    </p>
  );
}
