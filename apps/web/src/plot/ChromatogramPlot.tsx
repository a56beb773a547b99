// The chromatogram plot (uPlot): signals decimated per pixel column, baseline, peaks with labels,
// drag to zoom, Shift-drag or the wheel to pan and zoom, buttons to step and reset.
import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { Icon } from '../components/Icon.tsx';
import { drawMarkersHook } from './drawMarkers.ts';
import { drawPeaksHook } from './drawPeaks.ts';
import { drawReferencePeaksHook } from './drawReferencePeaks.ts';
import { fullRangeMin, visibleData } from './plotData.ts';
import { attachPanAndWheel, panBy, zoomBy } from './plotNavigation.ts';
import {
  BASELINE_COLOR,
  defaultAppearance,
  SERIES_COLORS,
  type PlotAppearance,
  type PlotEditing,
  type PlotMarker,
  type PlotPeak,
  type PlotSeries,
  type ReferencePeak,
} from './plotTypes.ts';
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

const formatMin = (value: number) => value.toFixed(2);
const NO_REFERENCE: readonly ReferencePeak[] = [];
const noMarkers: readonly PlotMarker[] = [];
/** `Inhibit integration 1.20–1.60 min`, `Split peak at 2.05 min`, `Tangent skim from 3.00 min`. */
const markerText = (marker: PlotMarker) =>
  marker.point
    ? `${marker.label} at ${formatMin(marker.startSec / 60)} min`
    : marker.endSec === null
      ? `${marker.label} from ${formatMin(marker.startSec / 60)} min`
      : `${marker.label} ${formatMin(marker.startSec / 60)}–${formatMin(marker.endSec / 60)} min`;

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
  const pickRef = useRef(onPickTime);
  pickRef.current = onPickTime;
  const container = useRef<HTMLDivElement>(null);
  const readout = useRef<HTMLSpanElement>(null);
  const plot = useRef<uPlot | null>(null);
  const fullRange = useRef<[number, number]>([0, 1]);
  const [range, setRange] = useState<[number, number] | null>(null);
  const drawn: PlotSeries[] = [
    ...series,
    ...(baseline && appearance.showBaseline ? [{ ...baseline, id: 'baseline', label: 'Baseline' }] : []),
  ];
  const layer = useRef({ drawn, peaks, markers, appearance, signal: series[0] ?? null });
  layer.current = { drawn, peaks, markers, appearance, signal: series[0] ?? null };
  const referenceRef = useRef(referencePeaks);
  referenceRef.current = referencePeaks;
  const editingRef = useRef(editing);
  editingRef.current = editing;
  const shape = `${series.length}:${drawn.length}:${appearance.lineWidth}:${height}:${unit}`;

  const built = useRef<{ min: number; max: number } | null>(null);
  const rebuild = (u: uPlot) => {
    const min = u.scales.x?.min;
    const max = u.scales.x?.max;
    if (min === undefined || max === undefined || !(max > min)) return;
    const columns = Math.round(u.bbox.width / (window.devicePixelRatio || 1));
    const visible = visibleData(layer.current.drawn, min, max, columns);
    built.current = { min, max };
    u.setData(visible.data, false);
    // uPlot finds the visible index window when the x scale is set, so set it again for the new grid.
    u.setScale('x', { min, max });
    if (visible.yRange) u.setScale('y', { min: visible.yRange[0], max: visible.yRange[1] });
    setRange([min, max]);
  };
  const rebuildRef = useRef(rebuild);
  rebuildRef.current = rebuild;
  const scheduled = useRef(false);
  const scheduleRebuild = (u: uPlot) => {
    if (built.current && built.current.min === u.scales.x?.min && built.current.max === u.scales.x?.max)
      return;
    if (scheduled.current) return;
    scheduled.current = true;
    queueMicrotask(() => {
      scheduled.current = false;
      if (plot.current === u) rebuildRef.current(u);
    });
  };

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const drawnNow = layer.current.drawn;
    fullRange.current = fullRangeMin(drawnNow);
    const [start, end] = fullRange.current;
    const width = Math.max(200, element.clientWidth);
    const initial = visibleData(drawnNow, start, end, width);
    const options: uPlot.Options = {
      width,
      height,
      scales: { x: { time: false, auto: false }, y: { auto: false } },
      legend: { show: false },
      axes: [
        { label: 'Time, min', stroke: '#4a6670', grid: { stroke: '#eef3f4' }, ticks: { stroke: '#dde6e9' } },
        {
          label: unit,
          stroke: '#4a6670',
          grid: { stroke: '#eef3f4' },
          ticks: { stroke: '#dde6e9' },
          size: 64,
        },
      ],
      series: [
        {},
        ...drawnNow.map((item, index) =>
          item.id === 'baseline'
            ? {
                label: 'Baseline',
                stroke: BASELINE_COLOR,
                width: 1,
                dash: [6, 4],
                spanGaps: true,
                points: { show: false },
              }
            : {
                label: item.label,
                stroke: item.color ?? SERIES_COLORS[index % SERIES_COLORS.length],
                width: layer.current.appearance.lineWidth,
                spanGaps: true,
                points: { show: false },
              },
        ),
      ],
      cursor: {
        drag: { x: true, y: false, setScale: true },
        points: { show: false },
        // Shift-drag pans; an editor takes the drag for its own gestures.
        bind: {
          mousedown: (_u, _target, handler) => (event) =>
            event.shiftKey || editingRef.current ? null : handler(event),
        },
      },
      hooks: {
        // Deferred: uPlot drops scale changes made inside its own setScale hook.
        setScale: [(u, key) => key === 'x' && scheduleRebuild(u)],
        draw: [
          drawMarkersHook(() => layer.current.markers),
          drawPeaksHook(() => layer.current),
          drawReferencePeaksHook(() => referenceRef.current),
          (u) => editingRef.current?.draw(u),
        ],
        setCursor: [
          (u) => {
            const index = u.cursor.idx;
            if (!readout.current) return;
            const x = index === null || index === undefined ? undefined : u.data[0][index];
            const y = index === null || index === undefined ? undefined : u.data[1]?.[index];
            readout.current.textContent =
              x === undefined || y === undefined || y === null
                ? ''
                : `${formatMin(x)} min · ${y.toFixed(3)} ${unit}`;
          },
        ],
      },
    };
    built.current = null;
    const u = new uPlot(options, initial.data, element);
    plot.current = u;
    u.setScale('x', { min: start, max: end });
    const detach = attachPanAndWheel(u);
    // A click picks a time; a press that moved (a zoom or pan drag) does not.
    let pressedAt: number | null = null;
    const press = (event: MouseEvent) => {
      pressedAt = event.clientX;
    };
    const pick = (event: MouseEvent) => {
      const moved = pressedAt === null ? 0 : Math.abs(event.clientX - pressedAt);
      pressedAt = null;
      if (!pickRef.current || editingRef.current || moved > 3) return;
      const minutes = u.posToVal(event.clientX - u.over.getBoundingClientRect().left, 'x');
      if (Number.isFinite(minutes)) pickRef.current(minutes * 60);
    };
    u.over.addEventListener('mousedown', press);
    u.over.addEventListener('click', pick);
    const observer = new ResizeObserver(() => {
      const nextWidth = Math.max(200, element.clientWidth);
      if (Math.abs(nextWidth - u.width) < 1) return;
      u.setSize({ width: nextWidth, height });
      rebuildRef.current(u);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      u.over.removeEventListener('mousedown', press);
      u.over.removeEventListener('click', pick);
      detach();
      u.destroy();
      plot.current = null;
    };
  }, [shape]);

  // New data with the same layout: keep the zoom when the time extent is unchanged.
  useEffect(() => {
    const u = plot.current;
    if (!u) return;
    const next = fullRangeMin(layer.current.drawn);
    const [start, end] = fullRange.current;
    if (Math.abs(next[0] - start) > 1e-9 || Math.abs(next[1] - end) > 1e-9) {
      fullRange.current = next;
      u.setScale('x', { min: next[0], max: next[1] });
    } else {
      rebuildRef.current(u);
    }
  }, [series, baseline]);

  useEffect(() => plot.current?.redraw(false), [peaks, referencePeaks, markers, appearance, editing]);

  const attachEditor = editing?.attach;
  useEffect(() => {
    const u = plot.current;
    if (!u || !attachEditor) return;
    return attachEditor(u);
  }, [attachEditor, shape]);

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
