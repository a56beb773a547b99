// Known answer: three EMG peaks on a flat baseline with a dip halfway between each pair (5.5 σ from each
// apex), as a refractive-index or solvent dip falls between peaks. Negative peaks are off by default, so
// the dips are not reported; each peak's area is its own over the true baseline. Before the run baseline
// level (docs/processing.md, "Dips"), a peak's contact walk followed its flank down to the dip's bottom
// and its baseline started there (areas +34 … +111 %), and a dip's recovery read as a peak.
import { describe, expect, it } from 'vitest';
import { processChromatogram } from '../src/pipeline/processChromatogram.ts';
import { simulateChromatogram } from '../src/simulation/simulateChromatogram.ts';

const sigmaSec = 2;
const components = [
  { centreSec: 60, sigmaSec, tauSec: 1, height: 100 },
  { centreSec: 82, sigmaSec, tauSec: 0.5, height: 40 },
  { centreSec: 104, sigmaSec, tauSec: 2, height: 70 },
];
const dips = [
  { centreSec: 71, sigmaSec, tauSec: 0, height: -25 },
  { centreSec: 93, sigmaSec, tauSec: 0, height: -12 },
];

describe('peaks with dips between them on a flat baseline', () => {
  for (const stepSec of [0.1, 0.4]) {
    for (const seed of [1, 2]) {
      it(`${stepSec} s a point, noise seed ${seed}: each peak's own area, no dip and no extra reported`, () => {
        const run = simulateChromatogram({
          points: Math.round(160 / stepSec),
          stepSec,
          seed,
          noiseSd: 0.05,
          offset: 2,
          components: [...components, ...dips],
        });
        const result = processChromatogram({ timeSec: run.timeSec, values: run.values }, {});
        const reported = result.peaks.filter((peak) => !peak.belowReportingThreshold);
        const listed = reported.map((peak) => `${peak.retentionTimeSec.toFixed(1)} s`).join(', ');
        expect(reported, `peaks at ${listed}`).toHaveLength(components.length);
        expect(reported.some((peak) => peak.negative)).toBe(false);
        run.truth.slice(0, components.length).forEach((truth, k) => {
          const peak = reported[k]!;
          expect(Math.abs(peak.retentionTimeSec - truth.retentionTimeSec)).toBeLessThan(
            truth.widthHalfSec / 2,
          );
          const error = peak.area / truth.area - 1;
          expect(
            Math.abs(error),
            `peak at ${truth.retentionTimeSec.toFixed(1)} s: area ${peak.area.toFixed(1)} against ${truth.area.toFixed(1)}`,
          ).toBeLessThan(0.02);
        });
      });
    }
  }
});

// A dip close after one peak, with baseline between it and the next peak (`dip_7` of the corpus's seed 31):
// the dip has a peak on each side within four typical widths, so it is read as the valley between them and
// not bounded as a dip, and the next peak's contact stays on the baseline before it. The first peak's walk
// followed its tail down into the dip and its baseline ended at the dip's bottom (+34 % on `dip_7`); its
// contact now moves back to where its flank meets the run's level, as when both contacts lie in the dip
// (−3.4 % at most here: the tail under the dip is left out; +29 … +43 % before).
describe('a dip close after a peak, with baseline before the next', () => {
  for (const stepSec of [0.08, 0.3]) {
    for (const seed of [1, 2, 3]) {
      it(`${stepSec} s a point, noise seed ${seed}: the first peak's own area`, () => {
        const run = simulateChromatogram({
          points: Math.round(48 / stepSec),
          stepSec,
          seed,
          noiseSd: 0.12,
          offset: 4,
          components: [
            { centreSec: 15, sigmaSec: 0.4, tauSec: 0.8, height: 84 },
            { centreSec: 23.4, sigmaSec: 0.4, tauSec: 0.9, height: 11 },
            { centreSec: 30.5, sigmaSec: 0.4, tauSec: 0.2, height: 105 },
            { centreSec: 18.8, sigmaSec: 0.4, tauSec: 0, height: -24.5 },
          ],
        });
        const result = processChromatogram({ timeSec: run.timeSec, values: run.values }, {});
        const reported = result.peaks.filter((peak) => !peak.belowReportingThreshold && !peak.negative);
        expect(reported).toHaveLength(3);
        run.truth.slice(0, 3).forEach((truth, k) => {
          const peak = reported[k]!;
          const error = peak.area / truth.area - 1;
          expect(
            Math.abs(error),
            `peak at ${truth.retentionTimeSec.toFixed(1)} s: area ${peak.area.toFixed(1)} against ${truth.area.toFixed(1)}`,
          ).toBeLessThan(0.05);
        });
      });
    }
  }
});
