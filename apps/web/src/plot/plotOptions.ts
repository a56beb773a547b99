// The uPlot options of a chromatogram plot: axes, one line per series (the baseline dashed), the drag that
// zooms, and the hooks the plot draws and follows the cursor with.
import type uPlot from 'uplot';
import { BASELINE_COLOR, SERIES_COLORS, type PlotSeries } from './plotTypes.ts';

const AXIS = { stroke: '#4a6670', grid: { stroke: '#eef3f4' }, ticks: { stroke: '#dde6e9' } };

export interface PlotOptionsInput {
  width: number;
  height: number;
  unit: string;
  /** The signals and, last, the baseline (id `baseline`). */
  drawn: readonly PlotSeries[];
  lineWidth: number;
  /** An editor takes the drag for its own gestures. */
  isEditing: () => boolean;
  /** The x scale changed (a zoom, a pan). */
  onTimeScale: (u: uPlot) => void;
  /** Drawn on the canvas after the lines, in order. */
  draw: Array<(u: uPlot) => void>;
  onCursor: (u: uPlot) => void;
}

function lineOf(item: PlotSeries, index: number, lineWidth: number): uPlot.Series {
  if (item.id === 'baseline')
    return {
      label: 'Baseline',
      stroke: BASELINE_COLOR,
      width: 1,
      dash: [6, 4],
      spanGaps: true,
      points: { show: false },
    };
  return {
    label: item.label,
    stroke: item.color ?? SERIES_COLORS[index % SERIES_COLORS.length],
    width: lineWidth,
    spanGaps: true,
    points: { show: false },
  };
}

export function plotOptions(input: PlotOptionsInput): uPlot.Options {
  return {
    width: input.width,
    height: input.height,
    scales: { x: { time: false, auto: false }, y: { auto: false } },
    legend: { show: false },
    axes: [
      { label: 'Time, min', ...AXIS },
      { label: input.unit, ...AXIS, size: 64 },
    ],
    series: [{}, ...input.drawn.map((item, index) => lineOf(item, index, input.lineWidth))],
    cursor: {
      drag: { x: true, y: false, setScale: true },
      points: { show: false },
      // Shift-drag pans; an editor takes the drag for its own gestures.
      bind: {
        mousedown: (_u, _target, handler) => (event) =>
          event.shiftKey || input.isEditing() ? null : handler(event),
      },
    },
    hooks: {
      // Deferred by the caller: uPlot drops scale changes made inside its own setScale hook.
      setScale: [(u, key) => key === 'x' && input.onTimeScale(u)],
      draw: input.draw,
      setCursor: [input.onCursor],
    },
  };
}

/**
 * A click on the plot names the time there, in seconds; a press that moved (a zoom or pan drag) does not.
 * Returns what detaches the listeners.
 */
export function attachTimePick(u: uPlot, pick: () => ((timeSec: number) => void) | null): () => void {
  let pressedAt: number | null = null;
  const press = (event: MouseEvent) => {
    pressedAt = event.clientX;
  };
  const click = (event: MouseEvent) => {
    const moved = pressedAt === null ? 0 : Math.abs(event.clientX - pressedAt);
    pressedAt = null;
    const onPick = pick();
    if (!onPick || moved > 3) return;
    const minutes = u.posToVal(event.clientX - u.over.getBoundingClientRect().left, 'x');
    if (Number.isFinite(minutes)) onPick(minutes * 60);
  };
  u.over.addEventListener('mousedown', press);
  u.over.addEventListener('click', click);
  return () => {
    u.over.removeEventListener('mousedown', press);
    u.over.removeEventListener('click', click);
  };
}
