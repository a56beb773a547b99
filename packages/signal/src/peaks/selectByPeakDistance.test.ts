import { describe, expect, it } from 'vitest';
import { seededNormal, seededRandom } from '../random/seededRandom.ts';
import { findPeaks } from './findPeaks.ts';
import { keptBySplitting } from './keptBySplitting.ts';
import { keptByPeakDistance, selectByOrdering, selectByPeakDistance } from './selectByPeakDistance.ts';
import {
  awkwardPriorities,
  randomPeaks,
  selectByPeakDistanceReference as reference,
} from './selectByPeakDistanceReference.ts';

/**
 * Sizes that take seconds with the O(peaks × kept) reference, all above the 2048 peaks where the buckets
 * start; the full sizes (12,000 peaks, a 30,000-sample signal, …) run in `npm run bench -- peak-distance`.
 */
const PEAKS = 4000;

describe('selectByPeakDistance', () => {
  for (const [label, quantum] of [
    ['float', 0],
    ['quantised (many ties)', 0.5],
  ] as const) {
    it(`equals the plain priority-order rule on ${PEAKS} peaks (radix-sorted order) (${label})`, () => {
      for (const distance of [1, 2.5, 7, 40]) {
        const { peaks, priority } = randomPeaks(PEAKS, 3 + distance, quantum);
        expect(selectByPeakDistance(peaks, priority, distance)).toEqual(reference(peaks, priority, distance));
      }
    });
  }
  it('equals the plain rule with heights of few values, ±0, ±Infinity and near-equal doubles (sparse and dense)', () => {
    for (const seed of [1, 2]) {
      const { peaks } = randomPeaks(3000, 20 + seed, 0);
      const priority = awkwardPriorities(peaks, seed);
      // Distance 1 and 7: a few peaks per window (all sorted); 40 and 300: many (visited by height buckets).
      for (const distance of [1, 7, 40, 300]) {
        expect(selectByPeakDistance(peaks, priority, distance)).toEqual(reference(peaks, priority, distance));
      }
    }
  });
  it('equals the plain rule on the peaks of a noisy signal with NaN samples', () => {
    const normal = seededNormal(41);
    const values = Float64Array.from({ length: 12_000 }, (_, n) =>
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
    const { peaks } = randomPeaks(3000, 7, 0);
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
    const inputs = [8000, 2500, 4000, 2500, 8000].map((count, k) =>
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
    const peaks = Int32Array.from({ length: 4000 }, (_, n) => 2 * n + 1);
    const priority = Float64Array.from(peaks, (peak) => peak);
    expect(selectByPeakDistance(peaks, priority, 3)).toEqual(reference(peaks, priority, 3));
  });
  it('keptByPeakDistance lists the peaks of the mask, calls of different sizes and distances in turn', () => {
    const inputs = [4000, 2500, 300, 4000].map((count, k) => randomPeaks(count, 40 + k, k % 2 ? 0.25 : 0));
    for (const distance of [1, 0.5, 7, 60]) {
      for (const { peaks, priority } of inputs) {
        const keep = reference(peaks, priority, distance);
        const kept = Array.from(peaks).filter((_, k) => keep[k]);
        expect(Array.from(keptByPeakDistance(peaks, priority, distance))).toEqual(kept);
      }
    }
  });
  it('visits the peaks by ordering them (the path taken where a height is NaN) as the plain rule does', () => {
    for (const quantum of [0, 0.5]) {
      for (const distance of [2.5, 7, 40]) {
        const { peaks, priority } = randomPeaks(PEAKS, 9 + distance, quantum);
        expect(selectByOrdering(peaks, priority, distance)).toEqual(reference(peaks, priority, distance));
      }
    }
    const { peaks } = randomPeaks(3000, 31, 0);
    const priority = awkwardPriorities(peaks, 3);
    for (const distance of [7, 300]) {
      expect(selectByOrdering(peaks, priority, distance)).toEqual(reference(peaks, priority, distance));
    }
  });
  it('takes the ordering path when a height is NaN, and the same peaks as it then', () => {
    const { peaks, priority } = randomPeaks(3000, 12, 0);
    priority[700] = Number.NaN;
    expect(keptBySplitting(peaks, priority, 40)).toBeNull();
    const keep = selectByOrdering(peaks, priority, 40);
    expect(selectByPeakDistance(peaks, priority, 40)).toEqual(keep);
    expect(Array.from(keptByPeakDistance(peaks, priority, 40))).toEqual(
      Array.from(peaks).filter((_, k) => keep[k]),
    );
  });
});

describe('keptBySplitting', () => {
  it("keeps the plain rule's peaks for every list length around the 32-peak blocks and gaps from 2 to 60", () => {
    const uniform = seededRandom(53);
    for (let trial = 0; trial < 600; trial++) {
      const count = 1 + Math.floor(uniform() * 200);
      const { peaks, priority } = randomPeaks(count, 100 + trial, trial % 3 === 0 ? 0.5 : 0);
      const gap = 2 + Math.floor(uniform() * 59);
      const keep = reference(peaks, priority, gap);
      const kept = Array.from(peaks.keys()).filter((k) => keep[k]);
      expect(Array.from(keptBySplitting(peaks, priority, gap)!)).toEqual(kept);
    }
  });
  it("keeps the plain rule's peaks on rising, falling and level chains (one split per kept peak)", () => {
    const peaks = Int32Array.from({ length: 5000 }, (_, n) => 2 * n + 1);
    const rising = Float64Array.from(peaks, (peak) => peak);
    const falling = Float64Array.from(peaks, (peak) => -peak);
    const level = new Float64Array(peaks.length).fill(-0);
    for (const priority of [rising, falling, level]) {
      for (const gap of [3, 40]) {
        const keep = reference(peaks, priority, gap);
        const kept = Array.from(peaks.keys()).filter((k) => keep[k]);
        expect(Array.from(keptBySplitting(peaks, priority, gap)!)).toEqual(kept);
      }
    }
  });
});
