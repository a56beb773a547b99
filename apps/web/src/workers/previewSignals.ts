// What the worker hands the page for the preview plot: per column of samples, the lowest and the highest
// sample in the order they occur, with their own times. A one-sample spike survives; the full arrays stay in
// the worker.

/** A signal reduced for plotting: real samples (times and values), at most two per column. */
export interface PlotSignal {
  timeSec: Float64Array;
  values: Float64Array;
}

/** Columns of the preview plot's signals: more than a wide screen's pixels, so zooming in a little stays sharp. */
export const PREVIEW_COLUMNS = 2048;

/**
 * Splits the samples into `columns` runs of equal length and keeps the minimum and the maximum of each (one
 * sample when they coincide), in index order. Signals of at most 2 × `columns` samples are copied whole.
 * @example keepExtremes([0, 1, 2, 3], [5, 9, 1, 4], 1).values // Float64Array [9, 1]
 */
export function keepExtremes(
  timeSec: ArrayLike<number>,
  values: ArrayLike<number>,
  columns: number,
): PlotSignal {
  const length = values.length;
  if (length <= 2 * columns) {
    return { timeSec: Float64Array.from(timeSec), values: Float64Array.from(values) };
  }
  const keptTimes = new Float64Array(2 * columns);
  const keptValues = new Float64Array(2 * columns);
  let count = 0;
  const keep = (index: number) => {
    keptTimes[count] = timeSec[index] as number;
    keptValues[count++] = values[index] as number;
  };
  for (let column = 0; column < columns; column++) {
    const from = Math.floor((column * length) / columns);
    const to = Math.floor(((column + 1) * length) / columns);
    const { low, high } = columnExtremes(values, from, to);
    keep(Math.min(low, high));
    if (low !== high) keep(Math.max(low, high));
  }
  return { timeSec: keptTimes.slice(0, count), values: keptValues.slice(0, count) };
}

/**
 * Indices of the first lowest and the first highest sample in [from, to) by strict comparison from `from`.
 * The extreme values come from Math.min and Math.max (branch-free, about half the cost of comparing and
 * jumping per sample), then their first samples; ±0 compare equal either way. A NaN, which Math.min and
 * Math.max return, sends the column to the comparisons (which skip it, or stay on a NaN first sample).
 */
function columnExtremes(values: ArrayLike<number>, from: number, to: number): { low: number; high: number } {
  let lowValue = values[from] as number;
  let highValue = lowValue;
  for (let i = from + 1; i < to; i++) {
    const value = values[i] as number;
    lowValue = Math.min(lowValue, value);
    highValue = Math.max(highValue, value);
  }
  let low = -1;
  let high = -1;
  if (lowValue === lowValue && highValue === highValue) {
    for (let i = from; i < to && (low < 0 || high < 0); i++) {
      const value = values[i] as number;
      if (low < 0 && value === lowValue) low = i;
      if (high < 0 && value === highValue) high = i;
    }
    return { low, high };
  }
  low = from;
  high = from;
  lowValue = values[from] as number;
  highValue = lowValue;
  for (let i = from + 1; i < to; i++) {
    const value = values[i] as number;
    if (value < lowValue) {
      low = i;
      lowValue = value;
    } else if (value > highValue) {
      high = i;
      highValue = value;
    }
  }
  return { low, high };
}
