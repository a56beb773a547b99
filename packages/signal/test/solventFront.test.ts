// A solvent front: a dip to −22 and at once a peak to 13 on a baseline at −2 (a refractive-index front, as on
// `brown.D/dad1D.ch`). The peak's start contact is the dip's edge; its anchor averaged the five samples on the
// contact's outer side, which are the dip's flank, and drew the peak's baseline from −11 where the signal is
// −1.6: the lobe's area read 2–2.3 × its own (docs/processing.md, "A contact at a dip's edge").
import { describe, expect, it } from 'vitest';
import { processChromatogram } from '../src/pipeline/processChromatogram.ts';
import { simulateChromatogram } from '../src/simulation/simulateChromatogram.ts';

const noiseSd = 0.02;

describe('a peak right after a dip (a solvent front)', () => {
  for (const seed of [1, 2, 3]) {
    it(`noise seed ${seed}: its baseline starts at the signal, not in the dip`, () => {
      const run = simulateChromatogram({
        points: 600,
        stepSec: 0.4,
        noiseSd,
        offset: -2,
        seed,
        components: [
          { centreSec: 18, sigmaSec: 1, tauSec: 0, height: -20 },
          { centreSec: 21.5, sigmaSec: 1.2, tauSec: 1.5, height: 15 },
          { centreSec: 80, sigmaSec: 1.5, tauSec: 1, height: 30 },
          { centreSec: 150, sigmaSec: 2, tauSec: 1, height: 20 },
        ],
      });
      const result = processChromatogram({ timeSec: run.timeSec, values: run.values }, {});
      const front = result.peaks.find((peak) => Math.abs(peak.retentionTimeSec - 22.5) < 1)!;
      expect(front).toBeDefined();
      const start = run.values[Math.round(front.startSec / 0.4)]!;
      expect(Math.abs(front.baselineStartValue - start)).toBeLessThan(5 * noiseSd);
      // The lobe loses what lies under the dip's recovery (its start is the dip's edge), never gains the dip.
      const truth = run.truth.find((c) => Math.abs(c.retentionTimeSec - 22.5) < 1)!;
      expect(front.area / truth.area).toBeGreaterThan(0.8);
      expect(front.area / truth.area).toBeLessThan(1.05);
    });
  }
});
