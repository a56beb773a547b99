// The uPlot instance behind a chromatogram plot: made again when the layout changes, its data rebuilt for
// the visible window (decimated per pixel column) after every zoom and pan, redrawn when the layers change.
import { useEffect, useRef, useState, type RefObject } from 'react';
import uPlot from 'uplot';
import { drawMarkersHook } from './drawMarkers.ts';
import { drawPeaksHook } from './drawPeaks.ts';
import { drawReferencePeaksHook } from './drawReferencePeaks.ts';
import { fullRangeMin, visibleData } from './plotData.ts';
import { attachPanAndWheel } from './plotNavigation.ts';
import { attachTimePick, plotOptions } from './plotOptions.ts';
import { readoutText } from './plotText.ts';
import type {
  PlotAppearance,
  PlotEditing,
  PlotMarker,
  PlotPeak,
  PlotSeries,
  ReferencePeak,
} from './plotTypes.ts';

export interface PlotLayers {
  series: readonly PlotSeries[];
  /** The series and, when shown, the baseline: what the lines are drawn from. */
  drawn: PlotSeries[];
  baseline: Pick<PlotSeries, 'timeSec' | 'values'> | null;
  peaks: readonly PlotPeak[];
  referencePeaks: readonly ReferencePeak[];
  markers: readonly PlotMarker[];
  appearance: PlotAppearance;
  unit: string;
  height: number;
  editing: PlotEditing | null;
  onPickTime: ((timeSec: number) => void) | null;
}

/** The plot, its full time range (min) and the visible one, drawn into `container`. */
export function useChromatogramUplot(
  container: RefObject<HTMLDivElement | null>,
  readout: RefObject<HTMLSpanElement | null>,
  layers: PlotLayers,
) {
  const { series, drawn, baseline, peaks, referencePeaks, markers, appearance, unit, height, editing } =
    layers;
  const latest = useRef(layers);
  latest.current = layers;
  const plot = useRef<uPlot | null>(null);
  const fullRange = useRef<[number, number]>([0, 1]);
  const [range, setRange] = useState<[number, number] | null>(null);
  const shape = `${series.length}:${drawn.length}:${appearance.lineWidth}:${height}:${unit}`;
  const rebuild = useVisibleRebuild(plot, latest, setRange);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const drawnNow = latest.current.drawn;
    fullRange.current = fullRangeMin(drawnNow);
    const [start, end] = fullRange.current;
    const width = Math.max(200, element.clientWidth);
    const peakLayer = () => {
      const { peaks, appearance, series } = latest.current;
      return { peaks, appearance, signal: series[0] ?? null };
    };
    const options = plotOptions({
      width,
      height,
      unit,
      drawn: drawnNow,
      lineWidth: latest.current.appearance.lineWidth,
      isEditing: () => latest.current.editing !== null,
      onTimeScale: rebuild.schedule,
      draw: [
        drawMarkersHook(() => latest.current.markers),
        drawPeaksHook(peakLayer),
        drawReferencePeaksHook(() => latest.current.referencePeaks),
        (u) => latest.current.editing?.draw(u),
      ],
      onCursor: (u) => {
        const index = u.cursor.idx;
        if (!readout.current) return;
        const at = index === null || index === undefined ? null : index;
        readout.current.textContent = readoutText(
          at === null ? undefined : u.data[0][at],
          at === null ? undefined : u.data[1]?.[at],
          unit,
        );
      },
    });
    rebuild.reset();
    const u = new uPlot(options, visibleData(drawnNow, start, end, width).data, element);
    plot.current = u;
    u.setScale('x', { min: start, max: end });
    const detachPan = attachPanAndWheel(u);
    const detachPick = attachTimePick(u, () => (latest.current.editing ? null : latest.current.onPickTime));
    const observer = new ResizeObserver(() => {
      const nextWidth = Math.max(200, element.clientWidth);
      if (Math.abs(nextWidth - u.width) < 1) return;
      u.setSize({ width: nextWidth, height });
      rebuild.now(u);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      detachPick();
      detachPan();
      u.destroy();
      plot.current = null;
    };
  }, [shape]);

  // New data with the same layout: keep the zoom when the time extent is unchanged.
  useEffect(() => {
    const u = plot.current;
    if (!u) return;
    const next = fullRangeMin(latest.current.drawn);
    const [start, end] = fullRange.current;
    if (Math.abs(next[0] - start) > 1e-9 || Math.abs(next[1] - end) > 1e-9) {
      fullRange.current = next;
      u.setScale('x', { min: next[0], max: next[1] });
    } else {
      rebuild.now(u);
    }
  }, [series, baseline]);

  useEffect(() => plot.current?.redraw(false), [peaks, referencePeaks, markers, appearance, editing]);

  const attachEditor = editing?.attach;
  useEffect(() => {
    const u = plot.current;
    if (!u || !attachEditor) return;
    return attachEditor(u);
  }, [attachEditor, shape]);

  return { plot, fullRange, range };
}

/**
 * Rebuilds the plot's data for its visible window: `now`, or `schedule`d after uPlot's own scale change
 * (once per window; uPlot drops scale changes made inside its setScale hook).
 */
function useVisibleRebuild(
  plot: RefObject<uPlot | null>,
  latest: RefObject<PlotLayers>,
  setRange: (range: [number, number]) => void,
) {
  const built = useRef<{ min: number; max: number } | null>(null);
  const scheduled = useRef(false);
  const now = (u: uPlot) => {
    const min = u.scales.x?.min;
    const max = u.scales.x?.max;
    if (min === undefined || max === undefined || !(max > min)) return;
    const columns = Math.round(u.bbox.width / (window.devicePixelRatio || 1));
    const visible = visibleData(latest.current.drawn, min, max, columns);
    built.current = { min, max };
    u.setData(visible.data, false);
    // uPlot finds the visible index window when the x scale is set, so set it again for the new grid.
    u.setScale('x', { min, max });
    if (visible.yRange) u.setScale('y', { min: visible.yRange[0], max: visible.yRange[1] });
    setRange([min, max]);
  };
  const nowRef = useRef(now);
  nowRef.current = now;
  const schedule = (u: uPlot) => {
    if (built.current && built.current.min === u.scales.x?.min && built.current.max === u.scales.x?.max)
      return;
    if (scheduled.current) return;
    scheduled.current = true;
    queueMicrotask(() => {
      scheduled.current = false;
      if (plot.current === u) nowRef.current(u);
    });
  };
  const reset = () => {
    built.current = null;
  };
  return { now: (u: uPlot) => nowRef.current(u), schedule, reset };
}
