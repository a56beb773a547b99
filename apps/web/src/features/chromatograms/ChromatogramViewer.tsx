// One chromatogram: the signal with its peaks (boundaries, baselines, labels), zoom and pan, the peak table.
import { useEffect, useMemo, useRef } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Icon } from '../../components/Icon.tsx';
import { formatDateTime } from '../../lib/time.ts';
import { ChromatogramPlot } from '../../plot/ChromatogramPlot.tsx';
import { IntegrationPanel } from '../integration/IntegrationPanel.tsx';
import { useIntegration } from '../integration/useIntegration.ts';
import { AppearanceMenu } from './AppearanceMenu.tsx';
import { downloadMeasurement } from './downloadMeasurement.ts';
import { fileNotes } from './fileNotes.ts';
import { writeActiveChromatogram } from './chromatogramStorage.ts';
import { fetchMeasurementSignal, fetchMeasurementsWithPeaks } from './measurementsApi.ts';
import { PeakTable } from './PeakTable.tsx';
import { plotPeaks, rowsFromStored } from './peakRows.ts';
import { useChromatogramPrefs } from './useChromatogramPrefs.ts';
import '../methods/methods.css';
import './chromatograms.css';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { PageHead } from '../../components/PageHead.tsx';
import { LoadFailure, LoadingSkeleton } from '../../components/QueryState.tsx';

export function ChromatogramViewer() {
  const id = Number(useParams().id);
  const prefs = useChromatogramPrefs();
  const { userId } = prefs;
  useEffect(() => writeActiveChromatogram(userId, id), [userId, id]);
  const meta = useQuery({ queryKey: ['measurement', id], queryFn: () => fetchMeasurementsWithPeaks([id]) });
  const signal = useQuery({
    queryKey: ['measurement-signal', id],
    queryFn: () => fetchMeasurementSignal(id),
  });
  const measurement = meta.data?.[0];
  const notes = fileNotes(measurement?.metadata);
  // Peaks of the result version chosen in the integration panel (automatic or manual), else the newest.
  const integration = useIntegration(id);
  const shownPeaks = integration.shown?.peaks ?? measurement?.peaks;
  const rows = useMemo(() => rowsFromStored(shownPeaks ?? []), [shownPeaks]);
  const plotArea = useRef<HTMLDivElement>(null);
  const visibleRange = (): [number, number] | null => {
    const figure = plotArea.current?.querySelector('figure');
    const min = Number(figure?.getAttribute('data-x-min'));
    const max = Number(figure?.getAttribute('data-x-max'));
    return Number.isFinite(min) && Number.isFinite(max) && max > min ? [min, max] : null;
  };
  const peaks = useMemo(() => plotPeaks(rows), [rows]);
  const series = useMemo(
    () =>
      signal.data
        ? [
            {
              id: signal.data.key,
              label: measurement?.name ?? `#${id}`,
              timeSec: signal.data.timeSec,
              values: signal.data.values,
            },
          ]
        : [],
    [signal.data, measurement?.name, id],
  );
  const comparing = prefs.compareIds.includes(id);
  return (
    <div className="cabinet__content cabinet__content--wide">
      <Link to="/app/chromatograms/" className="back-link">
        <Icon name="arrow_back" /> Chromatograms
      </Link>
      <PageHead
        title={measurement?.name ?? `Measurement #${id}`}
        lead={
          <>
            #{id}
            {measurement ? ` · ${measurement.source} · ${formatDateTime(measurement.created_at)}` : ''}
          </>
        }
        actions={
          <>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void downloadMeasurement(id, 'csv')}
            >
              <Icon name="download" /> CSV
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void downloadMeasurement(id, 'cdf')}
            >
              <Icon name="download" /> AIA .cdf
            </button>
            <button
              type="button"
              className="button button--secondary"
              aria-pressed={comparing}
              onClick={() => prefs.toggleCompare(id)}
            >
              <Icon name={comparing ? 'check_box' : 'check_box_outline_blank'} /> Compare
            </button>
            {prefs.compareIds.length > 0 && (
              <Link className="button" to="/app/chromatograms/compare">
                <Icon name="stacked_line_chart" /> Overlay ({prefs.compareIds.length})
              </Link>
            )}
          </>
        }
      >
        {notes.length > 0 && (
          <ul className="file-notes" aria-label="File notes">
            {notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        )}
      </PageHead>
      {meta.isError && <LoadFailure error={meta.error} onRetry={() => void meta.refetch()} />}
      {signal.isError && <LoadFailure error={signal.error} onRetry={() => void signal.refetch()} />}
      {meta.isSuccess && !measurement && <ErrorAlert>Measurement not found.</ErrorAlert>}
      <AppearanceMenu appearance={prefs.appearance} onChange={prefs.changeAppearance} />
      <div ref={plotArea}>
        {signal.isPending && <LoadingSkeleton label="the chromatogram" rows={8} />}
        {series.length > 0 && (
          <ChromatogramPlot
            label="Chromatogram"
            series={series}
            peaks={peaks}
            unit={signal.data?.unit ?? ''}
            appearance={prefs.appearance}
            height={420}
          />
        )}
      </div>
      <section className="card viewer-peaks" aria-label="Peak table">
        <h2>Peaks</h2>
        <PeakTable rows={rows} unit={signal.data?.unit ?? measurement?.signal_unit ?? ''} />
      </section>
      {integration.shown && <IntegrationPanel state={integration} visibleRange={visibleRange} />}
    </div>
  );
}
