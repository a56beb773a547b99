// Overlay of several chromatograms; the compare ids live in local storage (spec §3 key).
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Icon } from '../../components/Icon.tsx';
import { ChromatogramPlot } from '../../plot/ChromatogramPlot.tsx';
import { SERIES_COLORS } from '../../plot/plotTypes.ts';
import { AppearanceMenu } from './AppearanceMenu.tsx';
import { fetchMeasurementSignal, fetchMeasurementsWithPeaks } from './measurementsApi.ts';
import { useChromatogramPrefs } from './useChromatogramPrefs.ts';
import '../methods/methods.css';
import './chromatograms.css';

export function CompareView() {
  const prefs = useChromatogramPrefs();
  const ids = prefs.compareIds;
  const meta = useQuery({
    queryKey: ['measurements-compare', ids],
    queryFn: () => fetchMeasurementsWithPeaks(ids),
  });
  const signals = useQueries({
    queries: ids.map((id) => ({
      queryKey: ['measurement-signal', id],
      queryFn: () => fetchMeasurementSignal(id),
    })),
  });
  const names = new Map((meta.data ?? []).map((measurement) => [measurement.id, measurement.name]));
  const loaded = signals.map((query) => query.data);
  // Rebuilt only when a signal arrives or the names change, so zoom survives other renders.
  const signature = `${ids.map((id, index) => (loaded[index] ? id : -id)).join(',')}|${meta.dataUpdatedAt}`;
  const series = useMemo(
    () =>
      ids.flatMap((id, index) => {
        const signal = loaded[index];
        return signal
          ? [
              {
                id: signal.key,
                label: `#${id} ${names.get(id) ?? ''}`.trim(),
                timeSec: signal.timeSec,
                values: signal.values,
                color: SERIES_COLORS[index % SERIES_COLORS.length],
              },
            ]
          : [];
      }),
    [signature],
  );
  const unit = loaded.find(Boolean)?.unit ?? '';
  return (
    <div className="cabinet__content cabinet__content--wide">
      <Link to="/app/chromatograms/" className="back-link">
        <Icon name="arrow_back" /> Chromatograms
      </Link>
      <div className="cabinet__head">
        <div>
          <h1>Compare chromatograms</h1>
          <p className="cabinet__lead">
            Overlay of the chromatograms you picked; the selection is kept on this browser.
          </p>
        </div>
      </div>
      {ids.length === 0 ? (
        <div className="empty card" role="status">
          <Icon name="stacked_line_chart" className="empty__icon" />
          <h2>Nothing to compare</h2>
          <p>Tick chromatograms in the list to overlay them here.</p>
        </div>
      ) : (
        <>
          <ul className="compare-list">
            {ids.map((id, index) => (
              <li key={id}>
                <i style={{ background: SERIES_COLORS[index % SERIES_COLORS.length] }} />
                <Link to={`/app/chromatograms/${id}`}>
                  #{id} {names.get(id) ?? ''}
                </Link>
                <button
                  type="button"
                  aria-label={`Remove #${id} from comparison`}
                  onClick={() => prefs.toggleCompare(id)}
                >
                  <Icon name="close" />
                </button>
              </li>
            ))}
          </ul>
          <AppearanceMenu appearance={prefs.appearance} onChange={prefs.changeAppearance} />
          {series.length > 0 && (
            <ChromatogramPlot
              label="Overlay"
              series={series}
              unit={unit}
              appearance={prefs.appearance}
              height={460}
            />
          )}
        </>
      )}
    </div>
  );
}
