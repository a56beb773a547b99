import { seededRandom } from '../random/seededRandom.ts';

/**
 * Seeded runs of up to 64 samples drawn from three values each: the scans' four-sample steps then meet
 * plateaus, NaN, −0 beside +0, and steps whose product underflows to 0 or overflows, at every position.
 * For tests of the scans against the plain sample-by-sample one.
 */
export function threeValueRuns(seed: number, count = 5000): Float64Array[] {
  const pools = [
    [0, 1, 2],
    [0, 1, Number.NaN],
    [-0, 0, 1],
    // Steps whose product underflows to 0 (the sample-by-sample path) or overflows to Infinity.
    [1e-200, 2e-200, 3e-200],
    [-1e308, 0, 1e308],
  ];
  const uniform = seededRandom(seed);
  return Array.from({ length: count }, (_, trial) => {
    const pool = pools[trial % pools.length]!;
    const length = Math.floor(uniform() * 65);
    return Float64Array.from({ length }, () => pool[Math.floor(uniform() * pool.length)]!);
  });
}
