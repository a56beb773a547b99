// A short crowded run whose first noise range read over its peaks has no peak 20 × above that range, and its
// width scale fell back to 8 samples (its detection kernel to 3): once the noise is read from the white-noise
// floor, the width is read again at it (`widthScaleAtNoise`) and detection runs on the kernel that width asks
// (`narrowerKernelScale`; docs/processing.md, "The width read again at the settled noise").
import { describe, expect, it } from 'vitest';
import { processChromatogram } from '../src/pipeline/processChromatogram.ts';
import { shortCrowdedRun } from '../src/simulation/crowdedRuns.ts';

describe('a short crowded run whose first noise range read over its peaks', () => {
  // `npm run bench -- crowded`'s short runs 2–4 W50 apart, peaks of σ 1.5–1.7 samples: components listed at
  // the fallback width, with the width read again, and with detection on the kernel it asks.
  for (const [seed, fallback, widthOnly, now] of [
    [3, 64, 68, 76],
    [21, 64, 75, 86],
    [35, 41, 42, 49],
  ] as const) {
    it(`seed ${seed}: the width is the peaks' own, and detection finds ${now} components (${fallback}, then ${widthOnly}, before)`, () => {
      const run = shortCrowdedRun(seed, [2, 4]);
      const result = processChromatogram({ timeSec: run.timeSec, values: run.values }, {});
      const trueW50 = run.truth[0]!.widthHalfSec;
      expect(result.detection!.noiseFromDifferences).toBe(true);
      const estimated = result.detection!.estimatedPeakWidthSec;
      expect(estimated).not.toBeNull();
      expect(estimated! / trueW50).toBeGreaterThan(0.7);
      expect(estimated! / trueW50).toBeLessThan(1.4);
      const listed = result.peaks.filter((peak) => !peak.belowReportingThreshold && !peak.negative);
      // Every listed peak is one of the run's components (within half a W50 of one), each at most once.
      const taken = new Set<number>();
      for (const peak of listed) {
        const distances = run.truth.map((c) => Math.abs(c.retentionTimeSec - peak.retentionTimeSec));
        const nearest = distances.indexOf(Math.min(...distances));
        expect(distances[nearest], `${peak.retentionTimeSec} s`).toBeLessThanOrEqual(trueW50 / 2);
        taken.add(nearest);
      }
      expect(taken.size).toBe(listed.length);
      expect(listed.length).toBeGreaterThanOrEqual(widthOnly + 5);
    });
  }
});
