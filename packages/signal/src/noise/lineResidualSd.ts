/** Residual SD of `values[from..to]` (inclusive) about its least-squares line (n − 2 degrees of freedom). */
export function lineResidualSd(values: ArrayLike<number>, from: number, to: number): number {
  const n = to - from + 1;
  const meanX = (n - 1) / 2;
  let sum = 0;
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < n; i++) {
    const y = values[from + i] as number;
    sum += y;
    sxy += (i - meanX) * y;
    sxx += (i - meanX) ** 2;
  }
  const mean = sum / n;
  const slope = sxx > 0 ? sxy / sxx : 0;
  let squares = 0;
  for (let i = 0; i < n; i++) squares += ((values[from + i] as number) - mean - slope * (i - meanX)) ** 2;
  return Math.sqrt(squares / Math.max(1, n - 2));
}

/** Absolute slope (per sample) of the least-squares line through `values[from..to]` (inclusive). */
export function lineSlopeSize(values: ArrayLike<number>, from: number, to: number): number {
  const n = to - from + 1;
  const meanX = (n - 1) / 2;
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < n; i++) {
    sxy += (i - meanX) * (values[from + i] as number);
    sxx += (i - meanX) ** 2;
  }
  return sxx > 0 ? Math.abs(sxy / sxx) : 0;
}
