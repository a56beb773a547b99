// Known answer: a strongly tailing peak (EMG, σ 4 s, τ 20 s) carrying a rider on its tail at 125 s, the two
// the run's only peaks. The width ceiling of automatic detection (8 typical widths, the typical width the
// median of the clearly real peaks, here the rider's) took the parent for a drift hump and dropped it;
// a clearly real peak (20 h) is never a drift hump (docs/processing.md, "Automatic detection and
// integration"). Seeded white noise, three samplings.
import { describe, expect, it } from 'vitest';
import { processChromatogram } from '../src/pipeline/processChromatogram.ts';
import { simulateChromatogram } from '../src/simulation/simulateChromatogram.ts';

const components = [
  { centreSec: 100, sigmaSec: 4, tauSec: 20, height: 100 },
  { centreSec: 125, sigmaSec: 2, tauSec: 0, height: 30 },
];

describe('a tailing peak (τ 20 s) with a rider at 125 s', () => {
  for (const stepSec of [0.2, 0.5, 1]) {
    for (const seed of [1, 2, 3]) {
      it(`${stepSec} s a point, noise seed ${seed}: both the parent and the rider are reported`, () => {
        const run = simulateChromatogram({
          points: Math.round(400 / stepSec),
          stepSec,
          seed,
          noiseSd: 0.05,
          offset: 1,
          components,
        });
        const peaks = processChromatogram({ timeSec: run.timeSec, values: run.values }, {}).peaks;
        const reported = peaks.filter((peak) => !peak.belowReportingThreshold);
        const listed = reported.map((peak) => peak.retentionTimeSec.toFixed(1)).join(', ');
        for (const truth of run.truth) {
          const found = reported.filter(
            (peak) => Math.abs(peak.retentionTimeSec - truth.retentionTimeSec) <= truth.widthHalfSec / 2,
          );
          expect(found, `peak at ${truth.retentionTimeSec.toFixed(1)} s among ${listed}`).toHaveLength(1);
        }
        expect(reported, `peaks at ${listed}`).toHaveLength(2);
      });
    }
  }
});
