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

// Known answer: a short run of six tailing peaks with a dip between each two (negative peaks off, the
// default). At a noise read on the run's baseline each dip's rising edge stands out of its bottom as a
// peak (6.3 high after the 20.7 s dip, S/N 190), so a run that dips below its baseline windows keeps the
// noise judged over its windows together until dips get a baseline of their own (docs/processing.md,
// "Baseline windows judged one by one"). Modelled on the corpus run dip_30.
const dipSigmaSec = 0.96;
const peaksAndDips = [
  { centreSec: 9.6, tauSec: 2.4, height: 67 },
  { centreSec: 31.8, tauSec: 2, height: 97 },
  { centreSec: 50.8, tauSec: 1.85, height: 481 },
  { centreSec: 67.1, tauSec: 1.45, height: 87 },
  { centreSec: 82.9, tauSec: 0.8, height: 773 },
  { centreSec: 99.25, tauSec: 2.4, height: 29 },
  ...[
    [20.7, 6.5],
    [41.3, 12.2],
    [59, 57.8],
    [75, 21.1],
    [91.05, 185],
  ].map(([centreSec, depth]) => ({ centreSec: centreSec!, tauSec: 0, height: -depth! })),
].map((component) => ({ ...component, sigmaSec: dipSigmaSec }));

describe('a short run with dips between its peaks', () => {
  for (const seed of [1, 2, 3]) {
    it(`noise seed ${seed}: the six peaks are reported, no dip's edge`, () => {
      const run = simulateChromatogram({
        points: 752,
        stepSec: 0.171,
        seed,
        noiseSd: 0.012,
        offset: -0.25,
        components: peaksAndDips,
      });
      const { peaks } = processChromatogram({ timeSec: run.timeSec, values: run.values }, {});
      const reported = peaks.filter((peak) => !peak.belowReportingThreshold && !peak.negative);
      const listed = reported.map((peak) => peak.retentionTimeSec.toFixed(1)).join(', ');
      for (const truth of run.truth.filter((component) => component.height > 0)) {
        const found = reported.filter(
          (peak) => Math.abs(peak.retentionTimeSec - truth.retentionTimeSec) <= truth.widthHalfSec / 2,
        );
        expect(found, `peak at ${truth.retentionTimeSec.toFixed(1)} s among ${listed}`).toHaveLength(1);
      }
      expect(reported, `peaks at ${listed}`).toHaveLength(6);
    });
  }
});
