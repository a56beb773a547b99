export interface LevenbergMarquardtOptions {
  /** Maximum iterations. @default 200 */
  maxIterations?: number;
  /** Stop when the relative decrease of the squared error is below this. @default 1e-10 */
  tolerance?: number;
  /** Lower and upper bounds per parameter (clamped after every step). @default none */
  lower?: readonly number[];
  upper?: readonly number[];
}

function solve(matrix: number[][], vector: number[]): number[] | null {
  const n = vector.length;
  const a = matrix.map((row, i) => [...row, vector[i] as number]);
  for (let column = 0; column < n; column++) {
    let pivot = column;
    for (let row = column + 1; row < n; row++) {
      if (
        Math.abs((a[row] as number[])[column] as number) > Math.abs((a[pivot] as number[])[column] as number)
      ) {
        pivot = row;
      }
    }
    if (Math.abs((a[pivot] as number[])[column] as number) < 1e-300) return null;
    [a[column], a[pivot]] = [a[pivot] as number[], a[column] as number[]];
    const pivotRow = a[column] as number[];
    for (let row = 0; row < n; row++) {
      if (row === column) continue;
      const current = a[row] as number[];
      const factor = (current[column] as number) / (pivotRow[column] as number);
      for (let k = column; k <= n; k++)
        current[k] = (current[k] as number) - factor * (pivotRow[k] as number);
    }
  }
  return a.map((row, i) => (row[n] as number) / (row[i] as number));
}

/**
 * Bounded Levenberg–Marquardt least squares with a forward-difference Jacobian: minimises
 * Σ (observed_i − model(parameters)_i)². `model` returns the whole predicted vector.
 */
export function levenbergMarquardt(
  model: (parameters: readonly number[]) => Float64Array,
  observed: ArrayLike<number>,
  initial: readonly number[],
  options: LevenbergMarquardtOptions = {},
): { parameters: number[]; squaredError: number; iterations: number } {
  const maxIterations = options.maxIterations ?? 200;
  const tolerance = options.tolerance ?? 1e-10;
  const clamp = (values: number[]) =>
    values.map((value, i) =>
      Math.min(
        options.upper?.[i] ?? Number.POSITIVE_INFINITY,
        Math.max(options.lower?.[i] ?? Number.NEGATIVE_INFINITY, value),
      ),
    );
  const errorOf = (predicted: Float64Array) => {
    let sum = 0;
    for (let i = 0; i < predicted.length; i++)
      sum += ((observed[i] as number) - (predicted[i] as number)) ** 2;
    return sum;
  };
  let parameters = clamp([...initial]);
  let predicted = model(parameters);
  let squaredError = errorOf(predicted);
  let lambda = 1e-3;
  const count = parameters.length;
  let iteration = 0;
  for (; iteration < maxIterations; iteration++) {
    const jacobian: Float64Array[] = [];
    for (let p = 0; p < count; p++) {
      const step = 1e-6 * Math.max(Math.abs(parameters[p] as number), 1e-6);
      const shifted = [...parameters];
      shifted[p] = (shifted[p] as number) + step;
      // A model may hand back one array for every failed prediction: the column is a new one (a plain loop,
      // not `Float64Array.from`'s mapping, whose iterator protocol cost more than the model).
      const moved = model(shifted);
      const column = new Float64Array(moved.length);
      for (let i = 0; i < moved.length; i++)
        column[i] = ((moved[i] as number) - (predicted[i] as number)) / step;
      jacobian.push(column);
    }
    const normal = Array.from({ length: count }, (_, r) =>
      Array.from({ length: count }, (_, c) => {
        let sum = 0;
        const a = jacobian[r] as Float64Array;
        const b = jacobian[c] as Float64Array;
        for (let i = 0; i < a.length; i++) sum += (a[i] as number) * (b[i] as number);
        return sum;
      }),
    );
    const gradient = jacobian.map((column) => {
      let sum = 0;
      for (let i = 0; i < column.length; i++)
        sum += (column[i] as number) * ((observed[i] as number) - (predicted[i] as number));
      return sum;
    });
    let improved = false;
    for (let attempt = 0; attempt < 12 && !improved; attempt++) {
      const damped = normal.map((row, r) =>
        row.map((value, c) => (r === c ? value * (1 + lambda) + 1e-12 : value)),
      );
      const delta = solve(damped, gradient);
      if (!delta) {
        lambda *= 10;
        continue;
      }
      const candidate = clamp(parameters.map((value, i) => value + (delta[i] as number)));
      const candidatePredicted = model(candidate);
      const candidateError = errorOf(candidatePredicted);
      if (Number.isFinite(candidateError) && candidateError < squaredError) {
        const relative = (squaredError - candidateError) / Math.max(squaredError, 1e-300);
        parameters = candidate;
        predicted = candidatePredicted;
        squaredError = candidateError;
        lambda = Math.max(lambda / 10, 1e-12);
        improved = true;
        if (relative < tolerance) return { parameters, squaredError, iterations: iteration + 1 };
      } else lambda *= 10;
    }
    if (!improved) break;
  }
  return { parameters, squaredError, iterations: iteration };
}
