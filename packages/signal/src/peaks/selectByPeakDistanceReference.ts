// The oracle of `selectByPeakDistance`: the plain rule, O(peaks × kept), and seeded inputs for comparing the
// two. The unit test compares them at sizes that take seconds; `npm run bench -- peak-distance` at full size.
import { seededNormal, seededRandom } from '../random/seededRandom.ts';

/** The plain rule: visit peaks by decreasing priority (equal: rightmost first), drop close neighbours. */
export function selectByPeakDistanceReference(
  peaks: Int32Array,
  priority: Float64Array,
  distance: number,
): Uint8Array {
  const keep = new Uint8Array(peaks.length).fill(1);
  const order = Array.from(peaks, (_, index) => index).sort(
    (a, b) => (priority[a] as number) - (priority[b] as number) || a - b,
  );
  for (let position = order.length - 1; position >= 0; position--) {
    const j = order[position]!;
    if (!keep[j]) continue;
    for (let k = 0; k < peaks.length; k++) {
      if (k !== j && Math.abs(peaks[k]! - peaks[j]!) < Math.ceil(distance)) keep[k] = 0;
    }
  }
  return keep;
}

/** `count` ascending peak positions 1–6 samples apart and their priorities (rounded to `quantum` when > 0). */
export function randomPeaks(count: number, seed: number, quantum: number) {
  const uniform = seededRandom(seed);
  const normal = seededNormal(seed + 1);
  const peaks = new Int32Array(count);
  let index = 0;
  for (let n = 0; n < count; n++) peaks[n] = index += 1 + Math.floor(uniform() * 6);
  const priority = Float64Array.from(peaks, (peak) => {
    const value = 3 * Math.sin(peak / 400) + normal();
    return quantum > 0 ? Math.round(value / quantum) * quantum : value;
  });
  return { peaks, priority };
}

/** Heights drawn from few values, ±0, ±Infinity and near-equal doubles, for `peaks`. */
export function awkwardPriorities(peaks: Int32Array, seed: number): Float64Array {
  const choices = [
    Number.NEGATIVE_INFINITY,
    -1,
    -0,
    0,
    0.5,
    1,
    1 + 1e-12,
    1 + 2e-12,
    3e38,
    Number.POSITIVE_INFINITY,
  ];
  const uniform = seededRandom(seed);
  return Float64Array.from(peaks, () => choices[Math.floor(uniform() * choices.length)]!);
}
