import { describe, expect, it } from 'vitest';
import { seededRandom } from '../random/seededRandom.ts';
import { localMaxima } from './localMaxima.ts';
import { localMaximaWithHeights } from './localMaximaWithHeights.ts';
import { threeValueRuns } from './threeValueRuns.ts';

/** The plain scan's maxima and the value at each (copied: the heights' buffer is reused by the next call). */
function expected(values: Float64Array) {
  const peaks = Array.from(localMaxima(values).peaks);
  return { peaks, heights: peaks.map((peak) => values[peak]!) };
}

function found(values: Float64Array) {
  const { peaks, heights } = localMaximaWithHeights(values);
  return { peaks: Array.from(peaks), heights: Array.from(heights) };
}

describe('localMaximaWithHeights', () => {
  it('equals the plain scan and its values on short arrays of ±Infinity, ±0, NaN and plateaus', () => {
    const choices = [Number.NEGATIVE_INFINITY, -1, -0, 0, 1, 2, Number.POSITIVE_INFINITY, Number.NaN];
    const uniform = seededRandom(23);
    for (let trial = 0; trial < 3000; trial++) {
      const length = Math.floor(uniform() * 12);
      const values = Float64Array.from({ length }, () => choices[Math.floor(uniform() * choices.length)]!);
      // toEqual tells −0 from +0: a plateau's height is the sample at its middle.
      expect(found(values)).toEqual(expected(values));
    }
  });
  it('equals the plain scan on a quantised wave and on white noise, calls of different sizes in turn', () => {
    const uniform = seededRandom(31);
    const wave = Float64Array.from(
      { length: 50_000 },
      (_, n) => Math.round(Math.sin(n / 700) * 40 + uniform() * 3) / 8,
    );
    wave[100] = Number.NaN;
    wave[7000] = Number.POSITIVE_INFINITY;
    const noise = Float64Array.from({ length: 20_000 }, () => uniform() - 0.5);
    for (const values of [wave, noise, wave.subarray(0, 9000), noise]) {
      expect(found(values)).toEqual(expected(values));
    }
  });
  it('equals the plain scan on runs of up to 64 samples of three values: NaN, ±0, tiny and huge steps', () => {
    for (const values of threeValueRuns(43)) {
      expect(found(values)).toEqual(expected(values));
    }
  });
});
