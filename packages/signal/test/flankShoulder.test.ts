// Shoulders on a host's flank (modelled on the corpus runs `shoulder_13` and `shoulder_29`): a minor
// component 1 : 4.3 before and 1 : 5.5 after a larger one, at Rs 0.63 and 0.76, with no maximum of its own.
// The sum's curvature well reaches only 5 % and 8 % of the host's, as the host's convex lobe fills it; with
// the host's curvature at the same distance on its other flank added back, 14 % and 17 %, and the curvature
// turns convex between the two wells (an inflection pair of its own): a shoulder by ChemStation's rule.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { processChromatogram } from '../src/pipeline/processChromatogram.ts';
import { simulateChromatogram, type SimulatedComponent } from '../src/simulation/simulateChromatogram.ts';

const frontSigmaSec = 1.0582;
const frontShoulder: SimulatedComponent[] = [
  { centreSec: 10.582, sigmaSec: frontSigmaSec, tauSec: 0.8581, height: 64.47 },
  { centreSec: 14.127, sigmaSec: frontSigmaSec, tauSec: 0, height: 277.16 },
  { centreSec: 26.833, sigmaSec: frontSigmaSec, tauSec: 0.3848, height: 143.93 },
];
const rearSigmaSec = 0.6528;
const rearShoulder: SimulatedComponent[] = [
  { centreSec: 6.528, sigmaSec: rearSigmaSec, tauSec: 0.0481, height: 10.79 },
  { centreSec: 11.951, sigmaSec: rearSigmaSec, tauSec: 0, height: 194.65 },
  { centreSec: 20.687, sigmaSec: rearSigmaSec, tauSec: 0.0723, height: 446.61 },
  { centreSec: 22.757, sigmaSec: rearSigmaSec, tauSec: 0, height: 80.78 },
  { centreSec: 30.024, sigmaSec: rearSigmaSec, tauSec: 0.9468, height: 352.84 },
];

const cases = [
  {
    name: 'a front shoulder 1 : 4.3 at Rs 0.63',
    components: frontShoulder,
    runSec: 48,
    noiseSd: 0.003,
    steps: [0.14, 0.2],
  },
  {
    name: 'a rear shoulder 1 : 5.5 at Rs 0.76',
    components: rearShoulder,
    runSec: 47,
    noiseSd: 0.3,
    steps: [0.1215, 0.1],
  },
];

describe('a shoulder on its host’s flank, no maximum of its own', () => {
  for (const { name, components, runSec, noiseSd, steps } of cases) {
    for (const stepSec of steps) {
      for (const seed of [1, 2, 3]) {
        it(`${name}, ${stepSec} s a point, noise seed ${seed}: every component reported, nothing else`, () => {
          const run = simulateChromatogram({
            points: Math.round(runSec / stepSec),
            stepSec,
            components,
            noiseSd,
            seed,
          });
          const peaks = processChromatogram(run, {}).peaks.filter(
            (peak) => !peak.negative && !peak.belowReportingThreshold,
          );
          for (const truth of run.truth) {
            const near = peaks.filter(
              (peak) => Math.abs(peak.retentionTimeSec - truth.retentionTimeSec) <= truth.widthHalfSec / 2,
            );
            expect(near, `component at ${truth.retentionTimeSec.toFixed(2)} s`).toHaveLength(1);
          }
          expect(peaks).toHaveLength(components.length);
        });
      }
    }
  }
});

/** The reported peaks' retention times of a run. */
function reportedTimes(timeSec: Float64Array, values: Float64Array): number[] {
  return processChromatogram({ timeSec, values }, {})
    .peaks.filter((peak) => !peak.negative && !peak.belowReportingThreshold)
    .map((peak) => peak.retentionTimeSec);
}

describe('a flank shoulder is one on either flank and at any scale', () => {
  it('a Gaussian host with a 1 : 3.8–1 : 4.5 shoulder 2.75 σ before it (Rs 0.69): the run reversed in time or scaled gives the same two peaks', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 22, max: 26, noNaN: true }),
        fc.double({ min: 0.1, max: 0.25, noNaN: true }),
        fc.integer({ min: 1, max: 1000 }),
        fc.double({ min: -3, max: 4, noNaN: true }),
        (shoulderHeight, stepSec, seed, logFactor) => {
          const components = [
            { centreSec: 12.25, sigmaSec: 1, tauSec: 0, height: shoulderHeight },
            { centreSec: 15, sigmaSec: 1, tauSec: 0, height: 100 },
          ];
          const run = simulateChromatogram({
            points: Math.round(30 / stepSec),
            stepSec,
            components,
            noiseSd: 0.01,
            seed,
          });
          const times = reportedTimes(run.timeSec, run.values);
          expect(times).toHaveLength(2);
          const lastSec = run.timeSec[run.timeSec.length - 1]!;
          const mirrored = reportedTimes(run.timeSec, run.values.slice().reverse())
            .map((t) => lastSec - t)
            .reverse();
          const factor = 10 ** logFactor;
          const scaled = reportedTimes(
            run.timeSec,
            run.values.map((v) => v * factor),
          );
          for (const other of [mirrored, scaled]) {
            expect(other).toHaveLength(times.length);
            other.forEach((t, k) => expect(Math.abs(t - times[k]!)).toBeLessThanOrEqual(1.2));
          }
        },
      ),
      { seed: 3002, numRuns: 25 },
    );
  });
});
