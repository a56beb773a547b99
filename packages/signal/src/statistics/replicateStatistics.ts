/** Mean, standard deviation and %RSD of replicate values (reference/processing.md §2.6). */
export interface ReplicateStatistics {
  count: number;
  mean: number;
  /** Sample standard deviation (n − 1); null for one value. */
  standardDeviation: number | null;
  /** %RSD = 100 · s / |x̄|; null for one value or a zero mean. */
  relativeSdPercent: number | null;
}

/**
 * Statistics of replicate injections; null for no finite value (non-finite values are left out).
 * @example replicateStatistics([31.9, 31.8]) // { count: 2, mean: 31.85, standardDeviation: 0.0707…, relativeSdPercent: 0.222… }
 */
export function replicateStatistics(values: readonly number[]): ReplicateStatistics | null {
  const finite = values.filter(Number.isFinite);
  if (finite.length === 0) return null;
  const mean = finite.reduce((sum, value) => sum + value, 0) / finite.length;
  if (finite.length === 1) return { count: 1, mean, standardDeviation: null, relativeSdPercent: null };
  const variance = finite.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (finite.length - 1);
  const standardDeviation = Math.sqrt(variance);
  return {
    count: finite.length,
    mean,
    standardDeviation,
    relativeSdPercent: mean === 0 ? null : (100 * standardDeviation) / Math.abs(mean),
  };
}
