// Overlay of several chromatograms; the compare ids live in local storage (spec §3 key). Traces are drawn in
// one unit (an AU trace on a mAU axis is converted), can be offset or stacked, normalised to a peak and hidden.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Icon } from '../../components/Icon.tsx';
import { LoadFailure, LoadingSkeleton } from '../../components/QueryState.tsx';
import { ChromatogramPlot } from '../../plot/ChromatogramPlot.tsx';
import { SERIES_COLORS, type PlotSeries } from '../../plot/plotTypes.ts';
import { AppearanceMenu } from './AppearanceMenu.tsx';
import { fetchMeasurementSignal, fetchMeasurementsWithPeaks } from './measurementsApi.ts';
import { defaultOverlaySettings, OverlayControls, type OverlaySettings } from './OverlayControls.tsx';
import type { DrawnTrace, OverlayTrace } from './overlay.ts';
import { useChromatogramPrefs } from './useChromatogramPrefs.ts';
import { useOverlaySeries } from './useOverlaySeries.ts';
import './chromatograms.css';
import type { SavedOverlay } from '@eluent/contracts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { overlayView } from './savedOverlay.ts';
import { SavedOverlays } from './SavedOverlays.tsx';
import { PageHead } from '../../components/PageHead.tsx';
import { AuditPanel } from '../audit/AuditPanel.tsx';

function largest(values: ArrayLike<number>): number {
  let max = -Infinity;
  for (let index = 0; index < values.length; index++) max = Math.max(max, values[index]!);
  return max;
}

/** The compared measurements' names and signals, as traces in the order of `ids` once each has loaded. */
function useCompareTraces(ids: readonly number[]) {
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
  // A channel of a run folder is named by its signal too: the run's channels share the run's name.
  const names = new Map(
    (meta.data ?? []).map((measurement) => [
      measurement.id,
      measurement.channel_name ? `${measurement.name} · ${measurement.channel_name}` : measurement.name,
    ]),
  );
  const loaded = signals.map((query) => query.data);
  const signature = `${ids.map((id, index) => (loaded[index] ? id : -id)).join(',')}|${meta.dataUpdatedAt}`;
  const traces: OverlayTrace[] = ids.flatMap((id, index) => {
    const signal = loaded[index];
    return signal
      ? [
          {
            id: signal.key,
            label: `#${id} ${names.get(id) ?? ''}`.trim(),
            unit: signal.unit,
            timeSec: signal.timeSec,
            values: signal.values,
            color: SERIES_COLORS[index % SERIES_COLORS.length],
          },
        ]
      : [];
  });
  return { names, traces, signature, failed: signals.find((query) => query.isError) };
}

export function CompareView() {
  const prefs = useChromatogramPrefs();
  const ids = prefs.compareIds;
  const [settings, setSettings] = useState<OverlaySettings>(defaultOverlaySettings);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [opened, setOpened] = useState<SavedOverlay | null>(null);
  const open = (overlay: SavedOverlay | null) => {
    setOpened(overlay);
    if (!overlay) return;
    const view = overlayView(overlay);
    prefs.replaceCompare(overlay.measurement_ids);
    setSettings(view.settings);
    setHidden(view.hidden);
  };
  const { names, traces, signature, failed } = useCompareTraces(ids);
  const overlay = useOverlaySeries(traces, signature, hidden, settings);
  const drawnOf = new Map(overlay.traces.map((trace) => [trace.id, trace]));
  const plottedOf = new Map(overlay.series.map((series) => [series.id, series]));
  const anyConverted = overlay.traces.some((trace, index) => trace.unit !== traces[index]?.unit);
  const storedUnits = new Set(traces.map((trace) => trace.unit));
  const toggle = (key: string) =>
    setHidden((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  return (
    <div className="cabinet__content cabinet__content--wide">
      <Link to="/app/chromatograms/" className="back-link">
        <Icon name="arrow_back" /> Chromatograms
      </Link>
      <PageHead
        title={opened ? opened.name : 'Compare chromatograms'}
        lead={
          opened
            ? 'A saved overlay of this workspace; changes to the view are saved as a new overlay.'
            : 'Overlay of the chromatograms you picked; the selection is kept on this browser.'
        }
      />
      <SavedOverlays
        measurementIds={ids}
        settings={settings}
        hidden={hidden}
        openedId={opened?.id ?? null}
        onOpen={open}
      />
      {ids.length === 0 ? (
        <EmptyState icon="stacked_line_chart" title="Nothing to compare">
          <p>Tick chromatograms in the list to overlay them here.</p>
        </EmptyState>
      ) : (
        <>
          <ul className="compare-list" aria-label="Traces">
            {ids.map((id, index) => (
              <TraceItem
                key={id}
                id={id}
                name={names.get(id) ?? ''}
                color={SERIES_COLORS[index % SERIES_COLORS.length]!}
                stored={traces.find((trace) => trace.id === `measurement:${id}`)}
                drawn={drawnOf.get(`measurement:${id}`)}
                plotted={plottedOf.get(`measurement:${id}`)}
                axisUnit={overlay.unit}
                hidden={hidden.has(`measurement:${id}`)}
                onToggle={() => toggle(`measurement:${id}`)}
                onRemove={() => prefs.toggleCompare(id)}
              />
            ))}
          </ul>
          <OverlayControls
            settings={settings}
            onChange={(changes) => setSettings((current) => ({ ...current, ...changes }))}
          />
          <AppearanceMenu appearance={prefs.appearance} onChange={prefs.changeAppearance} />
          {/* Below the controls: it appears once the signals have loaded, and must not move the controls then. */}
          {anyConverted && storedUnits.size > 1 && (
            <p className="sequence-section__hint" role="note">
              Traces stored in other units are converted to {overlay.unit}.
            </p>
          )}
          {overlay.mixedUnits && (
            <p className="sequence-section__hint" role="note" aria-label="Units">
              The traces are in different units ({overlay.mixedUnits.join(', ')}): each is drawn as % of its
              own peak, so none lies flat on another&apos;s scale.
            </p>
          )}
          {failed && <LoadFailure error={failed.error} onRetry={() => void failed.refetch()} />}
          {traces.length === 0 && !failed && <LoadingSkeleton label="the chromatograms" rows={8} />}
          {overlay.series.length > 0 && (
            <ChromatogramPlot
              label="Overlay"
              series={overlay.series}
              unit={overlay.axisLabel}
              appearance={prefs.appearance}
              height={460}
            />
          )}
        </>
      )}
      {/* An opened saved overlay's own trail: its saving, renames and share links. */}
      {opened && <AuditPanel key={opened.id} kind="overlays" id={opened.id} />}
    </div>
  );
}

interface TraceItemProps {
  id: number;
  name: string;
  color: string;
  /** The trace as stored, once its signal has loaded. */
  stored: OverlayTrace | undefined;
  /** The trace in the axis unit, while it is shown. */
  drawn: DrawnTrace | undefined;
  /** The series as plotted (normalised, arranged), while it is shown. */
  plotted: PlotSeries | undefined;
  axisUnit: string;
  hidden: boolean;
  onToggle: () => void;
  onRemove: () => void;
}

/** One compared chromatogram: shown or hidden, its link, its unit conversion, and removal. */
function TraceItem({
  id,
  name,
  color,
  stored,
  drawn,
  plotted,
  axisUnit,
  hidden,
  onToggle,
  onRemove,
}: TraceItemProps) {
  return (
    <li
      data-trace={`measurement:${id}`}
      data-unit={drawn?.unit}
      data-max={drawn ? largest(drawn.values).toFixed(3) : undefined}
      data-plotted-max={plotted ? largest(plotted.values).toFixed(3) : undefined}
      data-hidden={hidden ? 'true' : undefined}
    >
      <input type="checkbox" aria-label={`Show #${id}`} checked={!hidden} onChange={onToggle} />
      <i style={{ background: color }} />
      <Link to={`/app/chromatograms/${id}`}>
        #{id} {name}
      </Link>
      {stored && drawn && stored.unit !== drawn.unit && (
        <span className="compare-list__unit">
          {stored.unit} → {drawn.unit}
        </span>
      )}
      {drawn && !drawn.converted && (
        <span className="compare-list__unit compare-list__unit--warning">
          {drawn.unit}: not convertible to {axisUnit}
        </span>
      )}
      <button type="button" aria-label={`Remove #${id} from comparison`} onClick={onRemove}>
        <Icon name="close" />
      </button>
    </li>
  );
}
