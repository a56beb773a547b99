// The instrument page's line naming what runs now: the injection recording (sample, vial, method), and the
// sequence with its row when a sequence runs it, or a sequence paused between injections; refreshed every
// few seconds and at once when the instrument starts another measurement.
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { fetchDevice, type CurrentRun, type SequenceRun } from './deviceCommands.ts';

const REFRESH_MS = 3000;

export interface RunningNow {
  current: CurrentRun | null;
  sequence: SequenceRun | null;
}

export function useRunningNow(id: number, initial: RunningNow, liveMeasurementId: number | null): RunningNow {
  const run = useQuery({
    queryKey: ['device-running', id],
    queryFn: async () => {
      const device = await fetchDevice(id);
      return { current: device.current_run ?? null, sequence: device.sequence_run ?? null };
    },
    initialData: initial,
    refetchInterval: REFRESH_MS,
  });
  const { refetch } = run;
  const known = run.data.current?.measurement_id ?? null;
  useEffect(() => {
    if (liveMeasurementId !== null && liveMeasurementId !== known) void refetch();
  }, [liveMeasurementId, known, refetch]);
  return run.data;
}

function describe(current: CurrentRun): string {
  const sample = current.sample_name ? `sample ${current.sample_name}` : current.measurement_name;
  return [
    sample,
    current.vial !== null ? `vial ${current.vial}` : null,
    current.method_name ? `method ${current.method_name}` : null,
    current.replicate && current.sequence_id !== null ? `injection ${current.replicate}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

export function RunningLine({ running }: { running: RunningNow }) {
  const { current, sequence } = running;
  let content;
  if (current && current.sequence_id !== null) {
    content = (
      <>
        Running sequence <Link to={`/app/sequences/${current.sequence_id}`}>{current.sequence_name}</Link>
        {current.sequence_row !== null ? `, row ${current.sequence_row}` : ''}: {describe(current)}
      </>
    );
  } else if (current) {
    content = <>Single injection: {describe(current)}</>;
  } else if (sequence) {
    content = (
      <>
        {sequence.state === 'PAUSED' ? 'Paused' : 'Running'}:{' '}
        <Link to={`/app/sequences/${sequence.sequence_id}`}>{sequence.sequence_name}</Link>
        {sequence.sample_name ? ` · sample ${sequence.sample_name}` : ''}
        {sequence.injection_state === 'interrupted' ? ' · interrupted, waiting for your choice' : ''}
      </>
    );
  } else {
    content = 'Nothing is running on this instrument.';
  }
  return (
    <p className="device-page__sequence" role="status" aria-label="Running on this instrument">
      {content}
    </p>
  );
}
