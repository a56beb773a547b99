// A peak that rises out of a dip (an ion chromatogram's water dip) starts where the dip ends whatever the
// sampling, also when the baseline before the dip reads as a maximum of its own (docs/processing.md, "The
// baseline before a dip is not a peak beside it"): that maximum stands at the run's baseline level, so the
// dip keeps its baseline side and bounds the peak, and is not taken for the valley between two peaks.
import { describe, expect, it } from 'vitest';
import { processChromatogram } from '../src/pipeline/processChromatogram.ts';
import { TRANSFORMS } from '../src/simulation/metamorphic.ts';
import { simulateChromatogram } from '../src/simulation/simulateChromatogram.ts';

const blockMeanOf4 = TRANSFORMS.find((t) => t.name === 'decimate by 4')!;

/** 300 s at 0.2 s: a slow disturbance under the baseline, its recovery, a water dip and a peak rising out of it. */
function dipRun(seed: number) {
  return simulateChromatogram({
    points: 1500,
    stepSec: 0.2,
    noiseSd: 0.0003,
    seed,
    components: [
      { centreSec: 20, sigmaSec: 5, tauSec: 0, height: -0.02 },
      { centreSec: 45, sigmaSec: 1.2, tauSec: 2, height: -0.6 },
      { centreSec: 54, sigmaSec: 1, tauSec: 1.5, height: 5.8 },
      { centreSec: 120, sigmaSec: 1.5, tauSec: 1, height: 4 },
      { centreSec: 200, sigmaSec: 2, tauSec: 1, height: 3 },
    ],
  });
}

const peakNear = (run: { timeSec: Float64Array; values: Float64Array }, timeSec: number) =>
  processChromatogram(run, {}).peaks.find((p) => Math.abs(p.retentionTimeSec - timeSec) < 1.5);

describe('a peak rising out of a dip after a baseline maximum', () => {
  // Seed 4 started the block means' peak at the dip's bottom (45.9 s, share 44.5 % against 38.6 %).
  for (const seed of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]) {
    it(`starts where the dip ends, and so do its block means of 4 (seed ${seed})`, () => {
      const { timeSec, values } = dipRun(seed);
      const run = { timeSec, values };
      const unchanged = peakNear(run, 54.5)!;
      const changed = peakNear(blockMeanOf4.apply(run, []), 54.5)!;
      for (const peak of [unchanged, changed]) expect(peak.startSec).toBeGreaterThan(50);
      // The contact's anchor is the mean of the samples just outside it, on the dip's rising edge: 4 samples
      // for one span 4 times as long (3 % is that spread, not a peak lost to the dip).
      expect(Math.abs(changed.areaPercent - unchanged.areaPercent)).toBeLessThan(
        0.03 * unchanged.areaPercent,
      );
    });
  }
});
