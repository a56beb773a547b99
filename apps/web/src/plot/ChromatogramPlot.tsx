// The chromatogram plot (uPlot): signals decimated per pixel column, baseline, peaks with labels,
// drag to zoom, Shift-drag or the wheel to pan and zoom, buttons to step and reset.
import { useRef } from 'react';
import 'uplot/dist/uPlot.min.css';
import { Icon } from '../components/Icon.tsx';
import { panBy, zoomBy } from './plotNavigation.ts';
import { formatMin, markerText } from './plotText.ts';
import {
  defaultAppearance,
  SERIES_COLORS,
  type PlotAppearance,
  type PlotEditing,
  type PlotMarker,
  type PlotPeak,
  type PlotSeries,
  type ReferencePeak,
} from './plotTypes.ts';
import { useChromatogramUplot } from './useChromatogramUplot.ts';
import './plot.css';

interface ChromatogramPlotProps {
  series: readonly PlotSeries[];
  baseline?: Pick<PlotSeries, 'timeSec' | 'values'> | null;
  peaks?: readonly PlotPeak[];
  /** Another integration of the same signal drawn beside ours: dashed baselines, ticks at its limits. */
  referencePeaks?: readonly ReferencePeak[];
  /** Timed events (integration events) drawn as bands and lines under the peaks. */
  markers?: readonly PlotMarker[];
  unit: string;
  appearance?: PlotAppearance;
  height?: number;
  label: string;
  /** An editor of the peaks (manual integration); the plot's drag zooms only without one. */
  editing?: PlotEditing | null;
  /** A click on the plot (not a drag) names the time there, in seconds (e.g. to show the spectrum there). */
  onPickTime?: ((timeSec: number) => void) | null;
}

const NO_REFERENCE: readonly ReferencePeak[] = [];
const noMarkers: readonly PlotMarker[] = [];

export function ChromatogramPlot({
  series,
  baseline = null,
  peaks = [],
  referencePeaks = NO_REFERENCE,
  markers = noMarkers,
  unit,
  appearance = defaultAppearance,
  height = 360,
  label,
  editing = null,
  onPickTime = null,
}: ChromatogramPlotProps) {
  const container = useRef<HTMLDivElement>(null);
  const readout = useRef<HTMLSpanElement>(null);
  const drawn: PlotSeries[] = [
    ...series,
    ...(baseline && appearance.showBaseline ? [{ ...baseline, id: 'baseline', label: 'Baseline' }] : []),
  ];
  const { plot, fullRange, range } = useChromatogramUplot(container, readout, {
    series,
    drawn,
    baseline,
    peaks,
    referencePeaks,
    markers,
    appearance,
    unit,
    height,
    editing,
    onPickTime,
  });

  const act = (action: (u: uPlot) => void) => () => plot.current && action(plot.current);
  return (
    <figure
      className="plot"
      aria-label={label}
      data-x-min={range?.[0].toFixed(4)}
      data-x-max={range?.[1].toFixed(4)}
      data-peaks={peaks.length}
      data-reference-peaks={referencePeaks.length}
      data-markers={markers.length}
      // The y axis's label, drawn on the canvas: readable here for tests and tools.
      data-y-label={unit}
    >
      <div className="plot__toolbar">
        <span className="plot__range" aria-label="Visible time range">
          {range ? `${formatMin(range[0])}–${formatMin(range[1])} min` : ''}
        </span>
        <span className="plot__readout" ref={readout} />
        <span className="plot__buttons">
          <button type="button" aria-label="Pan left" title="Pan left" onClick={act((u) => panBy(u, -0.25))}>
            <Icon name="chevron_left" />
          </button>
          <button type="button" aria-label="Pan right" title="Pan right" onClick={act((u) => panBy(u, 0.25))}>
            <Icon name="chevron_right" />
          </button>
          <button type="button" aria-label="Zoom in" title="Zoom in" onClick={act((u) => zoomBy(u, 0.5))}>
            <Icon name="zoom_in" />
          </button>
          <button type="button" aria-label="Zoom out" title="Zoom out" onClick={act((u) => zoomBy(u, 2))}>
            <Icon name="zoom_out" />
          </button>
          <button
            type="button"
            aria-label="Reset zoom"
            title="Reset zoom"
            onClick={act((u) => u.setScale('x', { min: fullRange.current[0], max: fullRange.current[1] }))}
          >
            <Icon name="fit_screen" />
          </button>
        </span>
      </div>
      <div
        ref={container}
        className={editing ? 'plot__canvas plot__canvas--editing' : 'plot__canvas'}
        {...(editing
          ? {
              tabIndex: 0,
              role: 'application',
              'aria-label': editing.label,
              'aria-describedby': editing.describedBy,
              onKeyDown: editing.onKeyDown,
            }
          : {})}
      />
      {series.length > 1 && (
        <figcaption className="plot__legend">
          {series.map((item, index) => (
            <span key={item.id}>
              <i style={{ background: item.color ?? SERIES_COLORS[index % SERIES_COLORS.length] }} />
              {item.label}
            </span>
          ))}
        </figcaption>
      )}
      {markers.length > 0 && (
        <ul className="plot__markers" aria-label="Events on the plot">
          {markers.map((marker, index) => (
            <li key={index}>{markerText(marker)}</li>
          ))}
        </ul>
      )}
      <p className="plot__hint">
        {editing?.hint ?? 'Drag to zoom · Shift-drag to pan · wheel to zoom around the cursor'}
      </p>
    </figure>
  );
}
