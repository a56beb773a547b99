import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../random/seededRandom.ts';
import { simulateChromatogram } from '../simulation/simulateChromatogram.ts';
import { whiteNoiseFloor } from './differenceNoise.ts';

/** Peaks 2–4 W50 apart from the run's start to its end (σ 4 samples, S/N 30–3,000) on noise of SD 1. */
function crowded(seed: number, filter?: number) {
  const random = seededRandom(seed);
  const components = Array.from({ length: 40 }, (_, k) => ({
    centreSec: 20 + 28 * k + 6 * random(),
    sigmaSec: 4,
    tauSec: 2,
    height: 10 ** (1.5 + 2 * random()),
  }));
  return simulateChromatogram({
    points: 1180,
    stepSec: 1,
    noiseSd: 1,
    seed,
    components,
    ...(filter ? { detectorTimeConstantSec: filter } : {}),
  });
}

describe('whiteNoiseFloor: the white part of the noise read through the peaks', () => {
  it('known answer: white noise alone reads its SD', () => {
    for (const seed of [1, 2, 3]) {
      const { values } = simulateChromatogram({ points: 2000, stepSec: 1, noiseSd: 2, seed, components: [] });
      expect(whiteNoiseFloor(values) / 2, `seed ${seed}`).toBeGreaterThan(0.9);
      expect(whiteNoiseFloor(values) / 2, `seed ${seed}`).toBeLessThan(1.05);
    }
  });

  it('peaks 2–4 W50 apart over the whole run leave the white noise readable', () => {
    // Every 5 W50 window holds a peak: the windows' lower quartile reads 50–300 × the noise.
    for (const seed of [1, 2, 3, 4]) {
      const floor = whiteNoiseFloor(crowded(seed).values);
      expect(floor, `seed ${seed}`).toBeGreaterThan(0.85);
      expect(floor, `seed ${seed}`).toBeLessThan(1.1);
    }
  });

  it('a floor: noise a detector filters reads lower (the filter takes the high frequencies)', () => {
    for (const seed of [1, 2]) expect(whiteNoiseFloor(crowded(seed, 2).values)).toBeLessThan(0.8);
  });

  it('flat, quantised and short signals: 0, 0 and NaN', () => {
    expect(whiteNoiseFloor(new Float64Array(100).fill(3))).toBe(0);
    const steps = Float64Array.from({ length: 400 }, (_, i) => Math.floor(i / 50));
    expect(whiteNoiseFloor(steps)).toBe(0);
    expect(whiteNoiseFloor(new Float64Array(20))).toBeNaN();
  });

  it('property: a scale multiplies it, an offset and a linear drift leave it (differences of order 8)', () => {
    const { values } = crowded(5);
    const floor = whiteNoiseFloor(values);
    fc.assert(
      fc.property(
        fc.double({ min: 1e-3, max: 1e4, noNaN: true }),
        fc.double({ min: -1e3, max: 1e3, noNaN: true }),
        fc.double({ min: -1, max: 1, noNaN: true }),
        (scale, offset, slope) => {
          const changed = values.map((v, i) => scale * v + offset + slope * i);
          expect(whiteNoiseFloor(changed) / (scale * floor)).toBeCloseTo(1, 6);
        },
      ),
      { seed: 3011, numRuns: 50 },
    );
  });
});
