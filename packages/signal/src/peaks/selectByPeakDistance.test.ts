import { describe, expect, it } from 'vitest';
import { seededNormal, seededRandom } from '../random/seededRandom.ts';
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
  it('keeps the highest of a long rising chain spaced closer than the distance', () => {
    const peaks = Int32Array.from({ length: 9000 }, (_, n) => 2 * n + 1);
    const priority = Float64Array.from(peaks, (peak) => peak);
    expect(selectByPeakDistance(peaks, priority, 3)).toEqual(reference(peaks, priority, 3));
  });
});
