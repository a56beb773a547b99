// Riders on steep tails of coarsely sampled crowded runs (`npm run bench -- crowded`, short runs 2–4 W50 apart,
// W50 4.4–5.2 samples). Two rules (docs/processing.md, "A skim over its rider's apex" and "A rider the smallest
// kernel blurs"):
// - every skim leaves its rider half its rise: on seed 3 a tangent from a valley read on the parent's steep
//   flank passed over four riders' apexes (component 20, 14 high 1.7 W50 after one 119 high: height −0.50,
//   area −26.8), and the quantitation limit then dropped them; a tail skim stood over component 89's apex
//   (height 0.79) but started above its front (area −28.9);
// - a rider 1.5–2 W50 down a steep tail is read on the raw signal too, where the kernel of 3 averages the
//   parent's flank into it (seed 24: components 21, 23 and 53).
import { describe, expect, it } from 'vitest';
import { processChromatogram } from '../src/pipeline/processChromatogram.ts';
import { shortCrowdedRun } from '../src/simulation/crowdedRuns.ts';

function listedComponents(seed: number) {
  const run = shortCrowdedRun(seed, [2, 4]);
  const result = processChromatogram({ timeSec: run.timeSec, values: run.values }, {});
  const peaks = result.peaks.filter((peak) => !peak.negative && !peak.belowReportingThreshold);
  const stepSec = run.timeSec[1]! - run.timeSec[0]!;
  const near = (k: number) => {
    const truth = run.truth[k]!;
    const tolerance = Math.max(truth.widthHalfSec / 2, 1.5 * stepSec);
    return peaks.filter((peak) => Math.abs(peak.retentionTimeSec - truth.retentionTimeSec) <= tolerance);
  };
  return { run, result, peaks, near };
}

describe('riders on the steep tails of a coarsely sampled crowded run', () => {
  it('keep a positive height and area under their skim, and are listed (seed 3)', () => {
    const { near } = listedComponents(3);
    for (const k of [20, 39, 54, 74, 89]) {
      const found = near(k);
      expect(found, `component ${k}`).toHaveLength(1);
      expect(found[0]!.height, `component ${k}`).toBeGreaterThan(0);
      expect(found[0]!.area, `component ${k}`).toBeGreaterThan(0);
    }
  });

  it('are read on the raw signal where the kernel averaged the parent’s flank into them (seed 24)', () => {
    const { near } = listedComponents(24);
    for (const k of [21, 23, 53]) expect(near(k), `component ${k}`).toHaveLength(1);
  });

  it('keep their drop line where no fitted tail stands, not a tangent that slices them (seeds 4, 7)', () => {
    // Seed 4's component 3 (3.5 high, 1.8 W50 after one 29 high): a tangent from its valley, 81 % of its
    // height, left it 4.4 of its 32.5 and it fell under the reporting threshold; the drop line gives 21.8.
    // Seed 7's components 11 and 13 alike (3.8 of 35.4, 4.0 of 18.6).
    for (const [seed, k] of [
      [4, 3],
      [7, 11],
      [7, 13],
    ] as const) {
      const { run, near } = listedComponents(seed);
      const found = near(k);
      expect(found, `seed ${seed}, component ${k}`).toHaveLength(1);
      expect(found[0]!.area / run.truth[k]!.area, `seed ${seed}, component ${k}`).toBeGreaterThan(0.5);
    }
  });

  it('never leave a listed positive peak with a height or area of zero or less, and add no peak that is no component', () => {
    for (const seed of [3, 5, 21, 24, 31, 35]) {
      const { run, peaks } = listedComponents(seed);
      const stepSec = run.timeSec[1]! - run.timeSec[0]!;
      for (const peak of peaks) {
        expect(peak.height, `seed ${seed}, ${peak.retentionTimeSec} s`).toBeGreaterThan(0);
        expect(peak.area, `seed ${seed}, ${peak.retentionTimeSec} s`).toBeGreaterThan(0);
        const nearest = Math.min(
          ...run.truth.map(
            (truth) =>
              Math.abs(truth.retentionTimeSec - peak.retentionTimeSec) /
              Math.max(truth.widthHalfSec / 2, 1.5 * stepSec),
          ),
        );
        expect(nearest, `seed ${seed}, ${peak.retentionTimeSec} s`).toBeLessThanOrEqual(1);
      }
    }
  });
});
