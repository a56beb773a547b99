import { describe, expect, it } from 'vitest';
import { seededNormal, seededRandom } from '../random/seededRandom.ts';
import { findPeaks } from './findPeaks.ts';
import { selectByPeakDistance } from './selectByPeakDistance.ts';

/** The plain rule: visit peaks by decreasing priority (equal: rightmost first), drop close neighbours. */
function reference(peaks: Int32Array, priority: Float64Array, distance: number): Uint8Array {
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

function randomPeaks(count: number, seed: number, quantum: number) {
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

describe('selectByPeakDistance', () => {
  for (const [label, quantum] of [
    ['float', 0],
    ['quantised (many ties)', 0.5],
  ] as const) {
    it(`equals the plain priority-order rule on 12,000 peaks (radix-sorted order) (${label})`, () => {
      for (const distance of [1, 2.5, 7, 40]) {
        const { peaks, priority } = randomPeaks(12_000, 3 + distance, quantum);
        expect(selectByPeakDistance(peaks, priority, distance)).toEqual(reference(peaks, priority, distance));
      }
    });
  }
  it('equals the plain rule with heights of few values, ±0, ±Infinity and near-equal doubles (sparse and dense)', () => {
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
    for (const seed of [1, 2]) {
      const { peaks } = randomPeaks(5000, 20 + seed, 0);
      const uniform = seededRandom(seed);
      const priority = Float64Array.from(peaks, () => choices[Math.floor(uniform() * choices.length)]!);
      // Distance 1 and 7: a few peaks per window (all sorted); 40 and 300: many (visited by height buckets).
      for (const distance of [1, 7, 40, 300]) {
        expect(selectByPeakDistance(peaks, priority, distance)).toEqual(reference(peaks, priority, distance));
      }
    }
  });
  it('equals the plain rule on the peaks of a noisy signal with NaN samples', () => {
    const normal = seededNormal(41);
    const values = Float64Array.from({ length: 30_000 }, (_, n) =>
      n % 997 === 0 ? Number.NaN : Math.round((Math.sin(n / 3000) + 0.3 * normal()) * 64) / 64,
    );
    const all = findPeaks(values).peaks;
    const heights = Float64Array.from(all, (peak) => values[peak]!);
    for (const distance of [3, 100]) {
      const keep = reference(all, heights, distance);
      expect(Array.from(findPeaks(values, { distance }).peaks)).toEqual(
        Array.from(all).filter((_, k) => keep[k]),
      );
    }
  });
  it('equals the plain rule when every height is equal (one bucket) or only one differs', () => {
    const { peaks } = randomPeaks(4000, 7, 0);
    const level = new Float64Array(peaks.length).fill(2.5);
    const spike = level.slice();
    spike[1234] = 2.5000000001;
    for (const priority of [level, spike]) {
      for (const distance of [40, 300]) {
        expect(selectByPeakDistance(peaks, priority, distance)).toEqual(reference(peaks, priority, distance));
      }
    }
  });
  it('gives the same masks whatever the order of calls of different sizes (work buffers reused)', () => {
    const inputs = [30_000, 2500, 12_000, 2500, 30_000].map((count, k) =>
      randomPeaks(count, 60 + k, k % 2 ? 0.25 : 0),
    );
    const expected = inputs.map(({ peaks, priority }) => reference(peaks, priority, 60));
    for (const order of [
      [0, 1, 2, 3, 4],
      [4, 3, 2, 1, 0],
    ]) {
      for (const k of order) {
        const { peaks, priority } = inputs[k]!;
        expect(selectByPeakDistance(peaks, priority, 60)).toEqual(expected[k]);
      }
    }
  });
  it('keeps the highest of a long rising chain spaced closer than the distance', () => {
    const peaks = Int32Array.from({ length: 9000 }, (_, n) => 2 * n + 1);
    const priority = Float64Array.from(peaks, (peak) => peak);
    expect(selectByPeakDistance(peaks, priority, 3)).toEqual(reference(peaks, priority, 3));
  });
});
