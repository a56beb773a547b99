/**
 * Weighted linear least squares by Householder QR on the √w-scaled design matrix (no normal equations,
 * so a quadratic over amounts 0.5…1000 keeps its digits). Returns the coefficients, or null when the
 * columns are linearly dependent.
 * @example weightedLeastSquares([[1, 1], [1, 2]], [3, 5], [1, 1]) // [1, 2]
 */
export function weightedLeastSquares(
  design: readonly (readonly number[])[],
  observed: readonly number[],
  weights: readonly number[],
): number[] | null {
  const rows = design.length;
  const columns = design[0]?.length ?? 0;
  if (rows < columns || columns === 0) return null;
  const a = design.map((row, i) => row.map((value) => value * Math.sqrt(weights[i]!)));
  const b = observed.map((value, i) => value * Math.sqrt(weights[i]!));
  for (let k = 0; k < columns; k += 1) {
    let norm = 0;
    for (let i = k; i < rows; i += 1) norm += a[i]![k]! ** 2;
    norm = Math.sqrt(norm);
    const scale = Math.max(...a.map((row) => Math.abs(row[k]!)));
    if (!(norm > 1e-12 * scale) || norm === 0) return null;
    const alpha = a[k]![k]! > 0 ? -norm : norm;
    const v = a.map((row, i) => (i < k ? 0 : row[k]!));
    v[k] = v[k]! - alpha;
    const vNorm = v.reduce((sum, x) => sum + x * x, 0);
    if (vNorm === 0) continue;
    for (let j = k; j < columns; j += 1) {
      let dot = 0;
      for (let i = k; i < rows; i += 1) dot += v[i]! * a[i]![j]!;
      const factor = (2 * dot) / vNorm;
      for (let i = k; i < rows; i += 1) a[i]![j] = a[i]![j]! - factor * v[i]!;
    }
    let dot = 0;
    for (let i = k; i < rows; i += 1) dot += v[i]! * b[i]!;
    const factor = (2 * dot) / vNorm;
    for (let i = k; i < rows; i += 1) b[i] = b[i]! - factor * v[i]!;
  }
  const solution = new Array<number>(columns).fill(0);
  for (let k = columns - 1; k >= 0; k -= 1) {
    let sum = b[k]!;
    for (let j = k + 1; j < columns; j += 1) sum -= a[k]![j]! * solution[j]!;
    solution[k] = sum / a[k]![k]!;
  }
  return solution.every(Number.isFinite) ? solution : null;
}
