// A short crowded run whose noise came through a detector's filter (docs/processing.md, "Detector noise"):
// its windows of a sixteenth of the run all hold peaks, and no gap window between the peaks reads as white
// baseline (the filter leaves them the smoothed-to-raw ratio of a tail), so the first estimate, read over
// the flanks at up to 400 × the noise, stayed and half the peaks were never candidates. The gap windows
// scaled to the noise window by the noise's own growth read it within 2 ×.
import { describe, it } from 'vitest';
import { expectEveryPeakOnceOnBaselineNoise } from './knownRun.ts';

const stepSec = 0.5;
const sigmaSec = 5.5;
const heights = [70, 29, 48, 12, 140, 11.5, 50, 89, 144, 680];

describe('a short crowded run of detector-filtered noise keeps its peaks', () => {
  const cases = [1, 2, 3, 4, 5, 6].flatMap((seed) => [0, 3].map((wander) => ({ seed, wander })));
  for (const { seed, wander } of cases) {
    it(`seed ${seed}${wander ? ', on a wandering baseline' : ''}: every peak reported once, the noise under 2 × the truth`, () => {
      const noiseSd = 0.01;
      expectEveryPeakOnceOnBaselineNoise({
        points: 1510,
        stepSec,
        seed,
        noiseSd,
        detectorTimeConstantSec: 2.3 * stepSec,
        quantum: 0.3 * noiseSd,
        ...(wander ? { wander: { sd: wander * noiseSd, timeSec: 20 * 13, seed: seed + 100 } } : {}),
        components: heights.map((height, k) => ({
          centreSec: 60 + 65 * k,
          sigmaSec,
          tauSec: 0.4 * sigmaSec * (k % 3),
          height,
        })),
      });
    });
  }
});
