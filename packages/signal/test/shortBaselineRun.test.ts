// Known answer: a short crowded run whose only baseline is a stretch of 11–15 samples at each end (305
// points at 0.385 s, six tailing peaks of σ 1 s, τ/σ 1.1–2.2, 13–655 high, noise SD 0.001). Its gap windows
// between the peaks all hold tails (residual SD 40–2,000 × the noise); the two baseline windows hold 22 pairs
// of successive differences, fewer than the 50 that judge whiteness, so the run's quiet quarter of
// windows (a flank, SD 0.89) stayed its noise and the 5 h detection threshold missed the peak 13 high at
// 79 s. The baseline windows are now read because every other gap window reads at least 10 × their noise:
// those are not the same noise (docs/processing.md, "Noise read off a flank"). Modelled on the corpus run
// short_crowded_22.
import { describe, it } from 'vitest';
import { expectEveryPeakOnceOnBaselineNoise } from './knownRun.ts';

const sigmaSec = 0.993;
const components = [
  { centreSec: 9.93, tauSec: 1.43, height: 655 },
  { centreSec: 24.34, tauSec: 2.14, height: 33.8 },
  { centreSec: 44.71, tauSec: 2.11, height: 84.8 },
  { centreSec: 64.95, tauSec: 1.07, height: 229 },
  { centreSec: 78.18, tauSec: 1.18, height: 12.8 },
  { centreSec: 93.07, tauSec: 1.09, height: 235 },
].map((component) => ({ ...component, sigmaSec }));
const noiseSd = 0.001;

describe('a short crowded run with a short baseline stretch at each end', () => {
  for (const seed of [1, 2, 3]) {
    it(`noise seed ${seed}: every peak is reported once, nothing else, the noise read on baseline`, () => {
      expectEveryPeakOnceOnBaselineNoise({
        points: 305,
        stepSec: 0.3848,
        seed,
        noiseSd,
        offset: 2.1,
        components,
      });
    });
  }
});
