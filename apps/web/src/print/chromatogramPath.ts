// Min/max per pixel column, so a long signal draws as a sharp SVG path of bounded size.

export interface Trace {
  timeSec: readonly number[];
  signal: readonly number[];
}

export interface PathBox {
  width: number;
  height: number;
  timeRangeSec: [number, number];
  signalRange: [number, number];
}

/** The smallest and largest signal value, padded by 5 % so the trace does not touch the frame. */
export function signalRange(signal: readonly number[]): [number, number] {
  let low = Infinity;
  let high = -Infinity;
  for (const value of signal) {
    if (value < low) low = value;
    if (value > high) high = value;
  }
  if (!Number.isFinite(low)) return [0, 1];
  const pad = (high - low || 1) * 0.05;
  return [low - pad, high + pad];
}

/** An SVG path through the trace: for each column of the box, its first, lowest, highest and last point. */
export function chromatogramPath(trace: Trace, box: PathBox): string {
  const count = Math.min(trace.timeSec.length, trace.signal.length);
  if (count === 0) return '';
  const [t0, t1] = box.timeRangeSec;
  const [s0, s1] = box.signalRange;
  const x = (t: number) => ((t - t0) / (t1 - t0 || 1)) * box.width;
  const y = (s: number) => box.height - ((s - s0) / (s1 - s0 || 1)) * box.height;
  const parts: string[] = [];
  let column = Number.NaN;
  let lowIndex = 0;
  let highIndex = 0;
  let lastIndex = 0;
  const flush = () => {
    const ordered = [lowIndex, highIndex, lastIndex].sort((a, b) => a - b);
    for (const index of ordered)
      parts.push(`${x(trace.timeSec[index]!).toFixed(1)},${y(trace.signal[index]!).toFixed(1)}`);
  };
  for (let index = 0; index < count; index += 1) {
    const current = Math.floor(x(trace.timeSec[index]!) * 2);
    if (current !== column) {
      if (!Number.isNaN(column)) flush();
      column = current;
      parts.push(`${x(trace.timeSec[index]!).toFixed(1)},${y(trace.signal[index]!).toFixed(1)}`);
      lowIndex = highIndex = lastIndex = index;
      continue;
    }
    if (trace.signal[index]! < trace.signal[lowIndex]!) lowIndex = index;
    if (trace.signal[index]! > trace.signal[highIndex]!) highIndex = index;
    lastIndex = index;
  }
  flush();
  return `M${parts.join('L')}`;
}

/** Round tick values covering the range, about `count` of them. */
export function ticks(range: [number, number], count = 6): number[] {
  const [low, high] = range;
  const span = high - low;
  if (!(span > 0)) return [low];
  const raw = span / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? raw;
  const values: number[] = [];
  for (let value = Math.ceil(low / step) * step; value <= high + step * 1e-9; value += step) {
    values.push(Number(value.toFixed(10)));
  }
  return values;
}
