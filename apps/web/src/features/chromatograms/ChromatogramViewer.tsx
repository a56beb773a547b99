// One chromatogram: the signal with its peaks (boundaries, baselines, labels), zoom and pan, the peak table.
import { useEffect, useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Icon } from '../../components/Icon.tsx';
import { formatDateTime } from '../../lib/time.ts';
import { ChromatogramPlot } from '../../plot/ChromatogramPlot.tsx';
import { AppearanceMenu } from './AppearanceMenu.tsx';
import { writeActiveChromatogram } from './chromatogramStorage.ts';
import { fetchMeasurementSignal, fetchMeasurementsWithPeaks } from './measurementsApi.ts';
import { PeakTable } from './PeakTable.tsx';
import { plotPeaks, rowsFromStored } from './peakRows.ts';
import { useChromatogramPrefs } from './useChromatogramPrefs.ts';
import '../methods/methods.css';
import './chromatograms.css';

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
  const rows = useMemo(() => rowsFromStored(measurement?.peaks ?? []), [measurement]);
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
  const error = meta.error ?? signal.error;
  const comparing = prefs.compareIds.includes(id);
  return (
    <div className="cabinet__content cabinet__content--wide">
      <Link to="/app/chromatograms/" className="back-link">
        <Icon name="arrow_back" /> Chromatograms
      </Link>
      <div className="cabinet__head">
        <div>
          <h1>{measurement?.name ?? `Measurement #${id}`}</h1>
          <p className="cabinet__lead">
            #{id}
            {measurement ? ` · ${measurement.source} · ${formatDateTime(measurement.created_at)}` : ''}
          </p>
        </div>
        <div className="head-actions">
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
        </div>
      </div>
      {error && (
        <div className="form-error" role="alert">
          {error.message}
        </div>
      )}
      {meta.isSuccess && !measurement && (
        <div className="form-error" role="alert">
          Measurement not found.
        </div>
      )}
      <AppearanceMenu appearance={prefs.appearance} onChange={prefs.changeAppearance} />
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
      <section className="card viewer-peaks" aria-label="Peak table">
        <h2>Peaks</h2>
        <PeakTable rows={rows} unit={signal.data?.unit ?? measurement?.signal_unit ?? ''} />
      </section>
    </div>
  );
}
