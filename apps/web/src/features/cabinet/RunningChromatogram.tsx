// The running injection's chromatogram on the instrument page, on its run-time axis (minutes from the
// injection), with the sample it injects; after the run the last injection stays until the next starts.
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { ChromatogramPlot } from '../../plot/ChromatogramPlot.tsx';
import { useLiveSignal } from '../sequences/useLiveSignal.ts';
import type { CurrentRun } from './deviceCommands.ts';

/** `ended`: the instrument runs no injection now (the one shown is its last, whether or not its end was heard). */
export function RunningChromatogram({ run, ended }: { run: CurrentRun | null; ended: boolean }) {
  const measurementId = run?.measurement_id ?? null;
  const signal = useLiveSignal(measurementId);
  const series = useMemo(
    () =>
      signal && signal.timeSec.length > 1
        ? [
            {
              id: `live:${signal.measurementId}`,
              label: run?.sample_name ?? run?.measurement_name ?? 'Live',
              timeSec: signal.timeSec,
              values: signal.values,
            },
          ]
        : [],
    [signal, run?.sample_name, run?.measurement_name],
  );
  if (!run)
    return (
      <p className="device-page__hint">No injection is recording. Start one below or from a sequence.</p>
    );
  return (
    <div className="live-plot" data-live-points={signal?.timeSec.length ?? 0}>
      <h3>
        {signal?.finished || ended ? 'Last injection' : 'Live chromatogram'}:{' '}
        <span data-testid="running-sample">{run.sample_name ?? run.measurement_name}</span>{' '}
        <Link className="device-page__hint" to={`/app/chromatograms/${run.measurement_id}`}>
          measurement #{run.measurement_id}
        </Link>
      </h3>
      {series.length > 0 ? (
        <ChromatogramPlot
          label="Running injection"
          series={series}
          unit={signal?.unit ?? 'mAU'}
          height={260}
        />
      ) : (
        <p className="device-page__hint">Waiting for the first points…</p>
      )}
    </div>
  );
}
