// A short crowded run whose first noise range read over its peaks has no peak 20 × above that range, and its
// width scale fell back to 8 samples: once the noise is read from the white-noise floor, the width is read
// again at it (`widthScaleAtNoise`; docs/processing.md, "The width read again at the settled noise").
import { describe, expect, it } from 'vitest';
import { processChromatogram } from '../src/pipeline/processChromatogram.ts';
import { shortCrowdedRun } from '../src/simulation/crowdedRuns.ts';

describe('a short crowded run whose first noise range read over its peaks', () => {
  // `npm run bench -- crowded`'s short runs 2–4 W50 apart: seed 21 (136 peaks of σ 1.46 samples) listed 64
  // at the fallback width and 75 now, seed 31 (84 of σ 1.48) 50 and 57.
  for (const [seed, before] of [
    [21, 64],
    [31, 50],
  ] as const) {
    it(`seed ${seed}: the width is the peaks' own, and peaks narrower than the fallback's quarter are found`, () => {
      const run = shortCrowdedRun(seed, [2, 4]);
      const result = processChromatogram({ timeSec: run.timeSec, values: run.values }, {});
      const trueW50 = run.truth[0]!.widthHalfSec;
      expect(result.detection!.noiseFromDifferences).toBe(true);
      const estimated = result.detection!.estimatedPeakWidthSec;
      expect(estimated).not.toBeNull();
      expect(estimated! / trueW50).toBeGreaterThan(0.7);
      expect(estimated! / trueW50).toBeLessThan(1.4);
      const listed = result.peaks.filter((peak) => !peak.belowReportingThreshold && !peak.negative);
      expect(listed.length).toBeGreaterThan(before + 5);
      // Every listed peak is one of the run's components (within half a W50 of one).
      for (const peak of listed) {
        const nearest = Math.min(
          ...run.truth.map((c) => Math.abs(c.retentionTimeSec - peak.retentionTimeSec)),
        );
        expect(nearest, `${peak.retentionTimeSec} s`).toBeLessThanOrEqual(trueW50 / 2);
      }
    });
  }
});
