// Min/max decimation onto pixel columns: a million points draw as at most two points per column.
import { lowerBound } from '@eluent/contracts';

/**
 * The x positions of a shared grid over [startSec, endSec]: two per column (a quarter and three quarters
 * across), so several series with different time grids draw on one x array.
 */
export function columnGrid(startSec: number, endSec: number, columns: number): Float64Array {
  const grid = new Float64Array(columns * 2);
  const width = (endSec - startSec) / columns;
  for (let column = 0; column < columns; column++) {
    grid[column * 2] = startSec + (column + 0.25) * width;
    grid[column * 2 + 1] = startSec + (column + 0.75) * width;
  }
  return grid;
}

/**
 * One series decimated onto the grid of `columnGrid`: per column its minimum and maximum in the order they
 * occur (so spikes keep their shape), null where the column holds no sample.
 */
export function decimateMinMax(
  timeSec: ArrayLike<number>,
  values: ArrayLike<number>,
  startSec: number,
  endSec: number,
  columns: number,
): (number | null)[] {
  const out: (number | null)[] = new Array<number | null>(columns * 2).fill(null);
  if (columns <= 0 || !(endSec > startSec)) return out;
  const width = (endSec - startSec) / columns;
  const end = lowerBound(timeSec, endSec + Number.EPSILON);
  let column = -1;
  let minValue = 0;
  let maxValue = 0;
  let minIndex = 0;
  let maxIndex = 0;
  const flush = () => {
    if (column < 0) return;
    const minFirst = minIndex <= maxIndex;
    out[column * 2] = minFirst ? minValue : maxValue;
    out[column * 2 + 1] = minFirst ? maxValue : minValue;
  };
  for (let index = lowerBound(timeSec, startSec); index < end; index++) {
    const value = values[index] as number;
    const at = Math.min(columns - 1, Math.floor(((timeSec[index] as number) - startSec) / width));
    if (at !== column) {
      flush();
      column = at;
      minValue = maxValue = value;
      minIndex = maxIndex = index;
    } else if (value < minValue) {
      minValue = value;
      minIndex = index;
    } else if (value > maxValue) {
      maxValue = value;
      maxIndex = index;
    }
  }
  flush();
  return out;
}

/** Minimum and maximum of the non-null values of several series, padded by 5 %; null when all empty. */
export function valueRange(series: readonly (readonly (number | null)[])[]): [number, number] | null {
  let low = Infinity;
  let high = -Infinity;
  for (const values of series) {
    for (const value of values) {
      if (value === null) continue;
      if (value < low) low = value;
      if (value > high) high = value;
    }
  }
  if (!(high >= low)) return null;
  const pad = (high - low) * 0.05 || Math.abs(high) * 0.05 || 1;
  return [low - pad, high + pad];
}
