// Known answer: a run long enough for 16 noise windows of 5 W50 whose baseline is only its first and last
// 20–35 samples (710 points at 0.0765 s, five tailing peaks of σ 0.61 s, τ/σ 0.3–2.7, 3.3–662 high, noise
// SD 0.0013). The lower quartile of its noise windows falls on tails (SD 0.052, 40 × the noise), and the
// 5 h detection threshold missed the rider 3.3 high at 10.9 s on the tail of the first peak. The gap
// windows at the run's ends are white and read the noise; that quartile reads at least 10 × as much, so
// the two are not the same noise and the gaps are read (docs/processing.md, "Noise read off a flank").
// Modelled on the corpus run rider_9.
import { describe, it } from 'vitest';
import { expectEveryPeakOnceOnBaselineNoise } from './knownRun.ts';

const sigmaSec = 0.6072;
const components = [
  { centreSec: 6.072, tauSec: 1.61, height: 24.88 },
  { centreSec: 10.774, tauSec: 0.182, height: 3.295 },
  { centreSec: 24.082, tauSec: 1.45, height: 557.2 },
  { centreSec: 28.192, tauSec: 0.182, height: 102.4 },
  { centreSec: 39.454, tauSec: 0.923, height: 662.5 },
].map((component) => ({ ...component, sigmaSec }));
const noiseSd = 0.00133;

describe('a longer run whose quiet quarter of noise windows lies on tails', () => {
  for (const seed of [1, 2, 3]) {
    it(`noise seed ${seed}: every peak is reported once, nothing else, the noise read on baseline`, () => {
      expectEveryPeakOnceOnBaselineNoise({
        points: 710,
        stepSec: 0.07647,
        seed,
        noiseSd,
        offset: 1.164,
        components,
      });
    });
  }
});
