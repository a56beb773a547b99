import { describe, expect, it } from 'vitest';
import { seededNormal } from '../random/seededRandom.ts';
import { lineResidualSd } from '../noise/lineResidualSd.ts';
import { scaledWindowSd } from './scaledGapNoise.ts';

/** Unit-SD white noise through an exponential filter of `samples` (1: white), from its stationary state. */
function noise(points: number, samples: number, seed: number): Float64Array {
  const normal = seededNormal(seed);
  const out = new Float64Array(points);
  if (samples <= 1) return out.map(() => normal());
  const a = 1 / samples;
  let level = 0;
  for (let i = 0; i < 20 * samples; i++) level += a * (Math.sqrt(2 * samples) * normal() - level);
  for (let i = 0; i < points; i++) {
    level += a * (Math.sqrt(2 * samples) * normal() - level);
    out[i] = level;
  }
  return out;
}

function windows(length: number, count: number) {
  return Array.from({ length: count }, (_, k) => ({ from: k * length, to: (k + 1) * length - 1 }));
}

function lowerQuartile(values: Float64Array, length: number, count: number): number {
  const sds = windows(length, count).map(({ from, to }) => lineResidualSd(values, from, to));
  return sds.sort((a, b) => a - b)[Math.floor(0.25 * (count - 1))]!;
}

describe('scaledWindowSd: short windows scaled to 5 W50 by the noise’s own growth', () => {
  for (const seed of [1, 2, 3]) {
    it(`white noise (seed ${seed}): no growth, the short windows' lower quartile as read`, () => {
      const values = noise(4000, 1, seed);
      expect(scaledWindowSd(values, windows(20, 200), 100)).toBeCloseTo(lowerQuartile(values, 20, 200), 12);
    });
  }

  for (const samples of [4, 8]) {
    for (const seed of [1, 2, 3]) {
      it(`filtered noise of ${samples} samples (seed ${seed}): nearer the 100-sample reading than 20 samples are`, () => {
        // Measured: 20-sample windows read 0.57–0.72 × the 100-sample quartile, scaled 0.65–0.82 ×.
        const values = noise(4000, samples, seed);
        const short = lowerQuartile(values, 20, 200);
        const long = lowerQuartile(values, 100, 40);
        const scaled = scaledWindowSd(values, windows(20, 200), 100);
        expect(scaled).toBeGreaterThan(short);
        expect(scaled).toBeLessThan(1.1 * long);
      });
    }
  }
});
