// A coarsely sampled run (peaks 3.5 samples wide at half height, as short runs at 0.5–2 s a point have
// them; docs/processing.md, "Coarse sampling"): its detection kernel is one sample, and the gap pass between
// the peaks, which needed a kernel of 3 to tell baseline windows from tails, did not run, so the run kept a
// first estimate read over the flanks (60 × the noise on every seed) and lost three of its nine peaks.
import { describe, it } from 'vitest';
import { expectEveryPeakOnceOnBaselineNoise } from './knownRun.ts';

const stepSec = 0.4;
const heights = [237, 729, 330, 394, 52, 435, 843, 52, 37];

describe('a coarsely sampled crowded run keeps its peaks', () => {
  for (const seed of [1, 2, 3, 4, 5, 6]) {
    it(`seed ${seed}: every peak reported once, the noise read under 2 × the truth`, () => {
      const sigmaSec = (3.5 * stepSec) / 2.355;
      expectEveryPeakOnceOnBaselineNoise({
        points: 270,
        stepSec,
        seed,
        noiseSd: 0.12,
        components: heights.map((height, k) => ({
          centreSec: 6 + 10.5 * k,
          sigmaSec,
          tauSec: sigmaSec * [0.1, 2, 0.7, 1.2, 2, 2.5, 0.7, 2.3, 1.3][k]!,
          height,
        })),
      });
    });
  }
});
