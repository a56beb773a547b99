import { describe, expect, it } from 'vitest';
import { processChromatogram } from '../src/pipeline/processChromatogram.ts';
import { seededRandom } from '../src/random/seededRandom.ts';
import { simulateChromatogram } from '../src/simulation/simulateChromatogram.ts';
import { CROWDED_NOISE_SD, longCrowdedRun } from '../src/simulation/crowdedRuns.ts';

/**
 * A long crowded run: `count` EMGs (σ 2 s, τ 1 s) 13–17 s apart from its first seconds to its end, 0.5 s a
 * point, heights 20–100 on white noise of SD 0.05 (S/N 80–400): every window of 5 W50 holds a peak.
 */
function crowdedRun(seed: number, count: number) {
  const random = seededRandom(seed);
  const components = Array.from({ length: count }, (_, k) => ({
    centreSec: 20 + 13 * k + 4 * random(),
    sigmaSec: 2,
    tauSec: 1,
    height: 20 + 80 * random(),
  }));
  const points = Math.ceil((components[count - 1]!.centreSec + 20) / 0.5);
  return { components, ...simulateChromatogram({ points, stepSec: 0.5, noiseSd: 0.05, seed, components }) };
}

describe('a long run whose every noise window holds a peak', () => {
  it('is never emptied by its first noise estimate: the seeded pass reads the noise between the peaks', () => {
    // The lower quartile of the 5 W50 windows read 18 (360 × the noise), the first pass found no peak, and
    // a long run got no second pass: 0 of 45 peaks were listed.
    for (const seed of [11, 12, 13]) {
      const run = crowdedRun(seed, 45);
      const result = processChromatogram({ timeSec: run.timeSec, values: run.values }, {});
      const listed = result.peaks.filter((peak) => !peak.belowReportingThreshold && !peak.negative);
      expect(listed, `seed ${seed}`).toHaveLength(45);
      expect(result.detection!.noiseSd / 0.05, `seed ${seed}`).toBeGreaterThan(0.6);
      expect(result.detection!.noiseSd / 0.05, `seed ${seed}`).toBeLessThan(1.5);
    }
  });
});

describe('a long crowded run of filtered noise whose only baseline is its start', () => {
  it('reads the noise at the start, not over the gap windows the first pass left peaks in', () => {
    // `npm run bench -- crowded` runs with 40 σ of baseline before 36–47 peaks 2–4 W50 apart, noise through a
    // detector's filter: the gap windows' quartile, scaled, read 20 × the noise, and the first estimate
    // (35–52 × the noise) listed 6–21 peaks. The unbroken baseline windows at the start read it.
    for (const seed of [12, 13, 20]) {
      const run = longCrowdedRun(seed, 40, [2, 4]);
      const result = processChromatogram({ timeSec: run.timeSec, values: run.values }, {});
      const listed = result.peaks.filter((peak) => !peak.belowReportingThreshold && !peak.negative);
      expect(result.detection!.noiseSd / CROWDED_NOISE_SD, `seed ${seed}`).toBeGreaterThan(0.6);
      expect(result.detection!.noiseSd / CROWDED_NOISE_SD, `seed ${seed}`).toBeLessThan(1.5);
      expect(listed.length, `seed ${seed}`).toBeGreaterThanOrEqual(0.75 * run.truth.length);
    }
  });
});
