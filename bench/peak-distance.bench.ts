// `npm run bench -- peak-distance`: selectByPeakDistance against its plain O(peaks × kept) reference at full
// size (the unit test compares them on fewer peaks, in seconds). Prints each case's time and fails on a
// difference.
import { findPeaks, seededNormal, selectByPeakDistance } from '@eluent/signal';
import {
  awkwardPriorities,
  randomPeaks,
  selectByPeakDistanceReference as reference,
} from '@eluent/signal/src/peaks/selectByPeakDistanceReference.ts';

function same(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}

export async function run(): Promise<void> {
  const cases: Array<[string, () => boolean]> = [];
  for (const quantum of [0, 0.5])
    for (const distance of [1, 2.5, 7, 40])
      cases.push([
        `12,000 peaks, quantum ${quantum}, distance ${distance}`,
        () => {
          const { peaks, priority } = randomPeaks(12_000, 3 + distance, quantum);
          return same(selectByPeakDistance(peaks, priority, distance), reference(peaks, priority, distance));
        },
      ]);
  for (const seed of [1, 2])
    for (const distance of [1, 7, 40, 300])
      cases.push([
        `5,000 peaks of awkward heights, seed ${seed}, distance ${distance}`,
        () => {
          const { peaks } = randomPeaks(5000, 20 + seed, 0);
          const priority = awkwardPriorities(peaks, seed);
          return same(selectByPeakDistance(peaks, priority, distance), reference(peaks, priority, distance));
        },
      ]);
  for (const distance of [3, 100])
    cases.push([
      `a noisy 30,000-sample signal with NaN samples, distance ${distance}`,
      () => {
        const normal = seededNormal(41);
        const values = Float64Array.from({ length: 30_000 }, (_, n) =>
          n % 997 === 0 ? Number.NaN : Math.round((Math.sin(n / 3000) + 0.3 * normal()) * 64) / 64,
        );
        const all = findPeaks(values).peaks;
        const keep = reference(
          all,
          Float64Array.from(all, (peak) => values[peak]!),
          distance,
        );
        const expected = Array.from(all).filter((_, k) => keep[k]);
        const found = Array.from(findPeaks(values, { distance }).peaks);
        return found.length === expected.length && found.every((peak, k) => peak === expected[k]);
      },
    ]);
  cases.push([
    'a rising chain of 9,000 peaks, distance 3',
    () => {
      const peaks = Int32Array.from({ length: 9000 }, (_, n) => 2 * n + 1);
      const priority = Float64Array.from(peaks, (peak) => peak);
      return same(selectByPeakDistance(peaks, priority, 3), reference(peaks, priority, 3));
    },
  ]);
  let differing = 0;
  for (const [name, compare] of cases) {
    const started = performance.now();
    const equal = compare();
    if (!equal) differing++;
    console.log(
      `${equal ? 'equal  ' : 'DIFFERS'} ${name} (${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );
  }
  if (differing > 0) {
    console.error(`${differing} of ${cases.length} cases differ from the reference`);
    process.exitCode = 1;
  }
}
