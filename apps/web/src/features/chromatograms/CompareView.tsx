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
import { EmptyState } from '../../components/EmptyState.tsx';
import { PageHead } from '../../components/PageHead.tsx';

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
      <PageHead
        title="Compare chromatograms"
        lead="Overlay of the chromatograms you picked; the selection is kept on this browser."
      />
      {ids.length === 0 ? (
        <EmptyState icon="stacked_line_chart" title="Nothing to compare">
          <p>Tick chromatograms in the list to overlay them here.</p>
        </EmptyState>
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
