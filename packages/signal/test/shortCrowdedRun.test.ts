// Known answer: a short crowded run (963 points at 0.67 s, eight tailing peaks of σ 3.8 s, τ/σ 0.9–2.2,
// 13–420 high) whose noise (SD 0.004) is read only at its start and end: every other stretch holds a
// peak's flank or tail. The run's quiet quarter of windows read a flank (SD 2.6, 650 × the noise) and the
// gaps between the peaks hold tails, so the 5 h detection threshold missed the four peaks 13–37 high
// (docs/processing.md, "Detection noise on short runs"). Modelled on the corpus run short_crowded_20.
import { describe, expect, it } from 'vitest';
import { processChromatogram } from '../src/pipeline/processChromatogram.ts';
import { simulateChromatogram } from '../src/simulation/simulateChromatogram.ts';

const sigmaSec = 3.8;
const components = [
  { centreSec: 38, tauSec: 8.5, height: 34 },
  { centreSec: 120, tauSec: 3.5, height: 13 },
  { centreSec: 183, tauSec: 6.9, height: 74 },
  { centreSec: 256, tauSec: 6.3, height: 14 },
  { centreSec: 317, tauSec: 6.8, height: 37 },
  { centreSec: 384, tauSec: 8.5, height: 140 },
  { centreSec: 467, tauSec: 7.6, height: 337 },
  { centreSec: 544, tauSec: 4.9, height: 422 },
].map((component) => ({ ...component, sigmaSec }));
const noiseSd = 0.004;

describe('a short crowded run with baseline only at its ends', () => {
  for (const seed of [1, 2, 3]) {
    it(`noise seed ${seed}: every peak is reported once, nothing else, the noise read on baseline`, () => {
      const run = simulateChromatogram({
        points: 963,
        stepSec: 0.67,
        seed,
        noiseSd,
        offset: -3.5,
        components,
      });
      const { peaks, detection } = processChromatogram({ timeSec: run.timeSec, values: run.values }, {});
      const reported = peaks.filter((peak) => !peak.belowReportingThreshold);
      const listed = reported.map((peak) => peak.retentionTimeSec.toFixed(1)).join(', ');
      for (const truth of run.truth) {
        const found = reported.filter(
          (peak) => Math.abs(peak.retentionTimeSec - truth.retentionTimeSec) <= truth.widthHalfSec / 2,
        );
        expect(found, `peak at ${truth.retentionTimeSec.toFixed(1)} s among ${listed}`).toHaveLength(1);
      }
      expect(reported, `peaks at ${listed}`).toHaveLength(components.length);
      // Read on baseline: within a factor of two of the true SD (a flank reads hundreds of times more).
      expect(detection!.noiseFromGaps).toBe(true);
      expect(detection!.noiseSd / noiseSd).toBeGreaterThan(0.5);
      expect(detection!.noiseSd / noiseSd).toBeLessThan(2);
    });
  }
});
