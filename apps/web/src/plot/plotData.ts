// Builds uPlot's aligned data for the visible range: one shared column grid, every series decimated onto it.
import type uPlot from 'uplot';
import { columnGrid, decimateMinMax, valueRange } from './decimate.ts';
import type { PlotSeries } from './plotTypes.ts';

export const SECONDS_PER_MINUTE = 60;

export interface VisibleData {
  data: uPlot.AlignedData;
  yRange: [number, number] | null;
}

/** Data for [startMin, endMin] on `columns` pixel columns; x in minutes. */
export function visibleData(
  series: readonly Pick<PlotSeries, 'timeSec' | 'values'>[],
  startMin: number,
  endMin: number,
  columns: number,
): VisibleData {
  const startSec = startMin * SECONDS_PER_MINUTE;
  const endSec = endMin * SECONDS_PER_MINUTE;
  const count = Math.max(1, Math.floor(columns));
  const grid = columnGrid(startSec, endSec, count);
  const xMin = new Float64Array(grid.length);
  for (let i = 0; i < grid.length; i++) xMin[i] = (grid[i] as number) / SECONDS_PER_MINUTE;
  const ys = series.map((item) => decimateMinMax(item.timeSec, item.values, startSec, endSec, count));
  return { data: [xMin, ...ys] as uPlot.AlignedData, yRange: valueRange(ys) };
}

/** The full time extent of the series in minutes. */
export function fullRangeMin(series: readonly Pick<PlotSeries, 'timeSec'>[]): [number, number] {
  let low = Infinity;
  let high = -Infinity;
  for (const item of series) {
    if (item.timeSec.length === 0) continue;
    low = Math.min(low, item.timeSec[0] as number);
    high = Math.max(high, item.timeSec[item.timeSec.length - 1] as number);
  }
  if (!(high > low)) return [0, 1];
  return [low / SECONDS_PER_MINUTE, high / SECONDS_PER_MINUTE];
}
