// A fused pair of near-equal components (modelled on the corpus run `shoulder_30`): the sum has one maximum,
// between the two, pulled off the larger component's curvature well; the smaller component's well lies
// 0.65 of the host's width from that maximum but 0.83 from the host's own well. Measured from the maximum
// the host-separation rule (0.8) dropped the smaller component; measured well to well it stays.
import { describe, expect, it } from 'vitest';
import { processChromatogram } from '../src/pipeline/processChromatogram.ts';
import { simulateChromatogram } from '../src/simulation/simulateChromatogram.ts';

const sigmaSec = 1.0768;
const components = [
  { centreSec: 10.768, sigmaSec, tauSec: 0.5675, height: 21.54 },
  { centreSec: 13.648, sigmaSec, tauSec: 0, height: 23.28 },
  { centreSec: 27.325, sigmaSec, tauSec: 1.3193, height: 40.11 },
  { centreSec: 34.952, sigmaSec, tauSec: 0, height: 155.39 },
];

describe('a fused pair of near-equal components (1 : 1.1 at Rs 0.53)', () => {
  for (const stepSec of [0.313, 0.25]) {
    for (const seed of [1, 2, 3]) {
      it(`${stepSec} s a point, noise seed ${seed}: both components reported, nothing else`, () => {
        const run = simulateChromatogram({
          points: Math.round(56 / stepSec),
          stepSec,
          components,
          noiseSd: 0.02,
          seed,
        });
        const peaks = processChromatogram(run, {}).peaks.filter(
          (peak) => !peak.negative && !peak.belowReportingThreshold,
        );
        for (const truth of run.truth) {
          const near = peaks.filter(
            (peak) => Math.abs(peak.retentionTimeSec - truth.retentionTimeSec) <= truth.widthHalfSec / 2,
          );
          expect(near.length, `component at ${truth.retentionTimeSec.toFixed(2)} s`).toBeGreaterThanOrEqual(
            1,
          );
        }
        expect(peaks).toHaveLength(4);
      });
    }
  }
});
