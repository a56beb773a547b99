// Known answers for the skim of a rider on a tailing parent (docs/processing.md, "Riders"): an EMG parent
// (τ 2–3 σ) with a Gaussian-like rider (τ 0.3 σ) down its tail, seeded noise. The truth is the rider's own
// area; the parent's is its own whole area (the skim gives it back the tail under the rider).
import { describe, expect, it } from 'vitest';
import { processChromatogram } from '../src/pipeline/processChromatogram.ts';
import { simulateChromatogram } from '../src/simulation/simulateChromatogram.ts';

function parentAndRider(tauRatio: number, gapSigmas: number, share: number, seed: number) {
  const sigmaSec = 1;
  const tauSec = tauRatio * sigmaSec;
  const run = simulateChromatogram({
    points: 600,
    stepSec: 0.2,
    noiseSd: 0.02,
    offset: 1,
    seed,
    components: [
      { centreSec: 30, sigmaSec, tauSec, height: 100 },
      {
        centreSec: 30 + tauSec + gapSigmas * sigmaSec,
        sigmaSec,
        tauSec: 0.3 * sigmaSec,
        height: 100 * share,
      },
    ],
  });
  const { peaks } = processChromatogram(run, {});
  const [parent, rider] = run.truth.map((truth) =>
    peaks.find((peak) => Math.abs(peak.retentionTimeSec - truth.retentionTimeSec) < truth.widthHalfSec / 2),
  );
  return { run, parent, rider };
}

const percentOff = (value: number, reference: number) => 100 * Math.abs(value / reference - 1);

describe('a rider down a tailing parent is skimmed under the parent’s fitted tail', () => {
  const grid = [2, 2.5, 3].flatMap((tauRatio) =>
    [
      [6, 0.1],
      [6, 0.15],
      [5, 0.15],
    ].map(([gap, share]) => ({ tauRatio, gap: gap!, share: share! })),
  );
  grid.forEach(({ tauRatio, gap, share }, n) => {
    it(`τ/σ ${tauRatio}, rider ${share * 100} % at τ + ${gap} σ: rider within 6 %, parent within 1 %`, () => {
      const { run, parent, rider } = parentAndRider(tauRatio, gap, share, n + 1);
      expect(rider, 'rider found').toBeDefined();
      expect(parent, 'parent found').toBeDefined();
      // A drop line gave these riders +70…+190 % and their parents −8…−12 %.
      expect(`${rider!.startCode}${rider!.stopCode}`).toBe('TT');
      expect(percentOff(rider!.area, run.truth[1]!.area)).toBeLessThan(6);
      // 1.1 %: the parent's shortfall is its tail past the cluster's end (τ/σ 3 at τ + 6 σ: 48 s, where it
      // still stands 0.4 over the baseline; −0.95 % with the earlier skim, −1.06 % now that the skim gives the
      // rider back 2.2 % of its area, which came out of the parent).
      expect(percentOff(parent!.area, run.truth[0]!.area)).toBeLessThan(1.1);
    });
  });

  // The parent fitted as an EMG over its front and its tail on both sides of the rider, the skim its tail's
  // exponential (docs/processing.md "Riders"): before, the exponential fitted to the tail just past the
  // Gaussian part fell too slowly (its local decay is slower than 1/τ there) and took −1.2…−7.6 % of these
  // riders, up to −25 % in the corpus.
  const corpusLike = [0.1, 0.25].flatMap((stepSec) =>
    [2, 2.5, 3].flatMap((tauRatio) =>
      [
        [5, 0.2],
        [6, 0.15],
      ].map(([gap, share]) => ({ stepSec, tauRatio, gap: gap!, share: share! })),
    ),
  );
  corpusLike.forEach(({ stepSec, tauRatio, gap, share }) => {
    it(`${stepSec} s a point, τ/σ ${tauRatio}, rider ${share * 100} % at τ + ${gap} σ: rider within 1 %, parent within 0.5 %`, () => {
      const tauSec = tauRatio;
      const run = simulateChromatogram({
        points: Math.round(80 / stepSec),
        stepSec,
        noiseSd: 0.01,
        offset: 1,
        seed: Math.round(stepSec * 100 + tauRatio * 10 + gap + share * 100),
        components: [
          { centreSec: 20, sigmaSec: 1, tauSec, height: 100 },
          { centreSec: 20 + tauSec + gap, sigmaSec: 1, tauSec: 0.3, height: 100 * share },
        ],
      });
      const { peaks } = processChromatogram(run, {});
      const [parent, rider] = run.truth.map((truth) =>
        peaks.find(
          (peak) => Math.abs(peak.retentionTimeSec - truth.retentionTimeSec) < truth.widthHalfSec / 2,
        ),
      );
      expect(rider?.startCode).toBe('T');
      expect(percentOff(rider!.area, run.truth[1]!.area)).toBeLessThan(1);
      expect(percentOff(parent!.area, run.truth[0]!.area)).toBeLessThan(0.5);
    });
  });

  it('the height ratio reads the rider over its skim: a 15 % rider with the tail under it is still a rider', () => {
    // Read from the cluster baseline the rider counts the tail under it (here about a third of its
    // height again), and the 5:1 ratio failed: it took a drop line.
    const { run, parent, rider } = parentAndRider(2.5, 5, 0.15, 40);
    const apex = Math.round(rider!.retentionTimeSec / 0.2);
    const fromClusterBaseline = run.values[apex]! - 1;
    expect(parent!.height / fromClusterBaseline).toBeLessThan(5);
    expect(rider!.startCode).toBe('T');
    expect(parent!.height / rider!.height).toBeGreaterThanOrEqual(5);
  });

  it('a 30 % peak on the tail is not a rider: it keeps its drop line', () => {
    const { rider } = parentAndRider(2.5, 6, 0.3, 41);
    expect(rider!.startCode).toBe('V');
  });
});
