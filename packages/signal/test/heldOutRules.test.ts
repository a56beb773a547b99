// Rules written against the corpus's held-out seeds (docs/processing.md "Held-out seeds"): a rider on a tail
// measured over its parent's tail, a rider on a steep tail that is no step edge, a shoulder at a host's foot
// measured over the host's tail, the top of a step on a tail that is no peak; each as a known answer on the run that showed it, and the held-out seeds' classes held to
// their figures. No template anywhere: the automatic default decides everything.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classScores, scoreCase, simulatedCorpus, type CorpusClass } from '../src/simulation/corpus.ts';
import { simulateChromatogram } from '../src/simulation/simulateChromatogram.ts';
import { emgs, nearest, percentOff, process } from './truthHelpers.ts';

/** The bench's held-out seeds 31–33 (36 runs a class each) of these classes, scored as the bench scores them: each class's row. */
function heldOutRows(kinds: CorpusClass[]) {
  const scored = [31, 32, 33].flatMap((seed) =>
    simulatedCorpus(36, seed, kinds).map((c) => ({ kind: c.kind, score: scoreCase(c, process(c).peaks) })),
  );
  const rows = classScores(scored);
  return (kind: CorpusClass) => rows.find((row) => row.kind === kind)!;
}

describe('failure class 7: a rider on a tail is measured over the tail, not over its valley', () => {
  it('a rider whose rise over its valley is under the quantitation prominence is found and skimmed, every seed', () => {
    // The corpus's `coarse_2` (1.09 s a point, W50 4.7 samples): a rider 2.1 high at 37.1 s on the tail of a
    // peak 15.3 high rises 0.6 over its valley, under the 1.4 the S/N 10 prominence asks; over the parent's
    // tail it stands 2.0. Before, it was missed on every seed and its parent took its area (+7–10 %).
    for (let seed = 1; seed <= 6; seed++) {
      const run = simulateChromatogram({
        points: 181,
        stepSec: 1.0911,
        noiseSd: 0.0727,
        offset: 3.8,
        seed,
        components: emgs(2.073, [
          [20.73, 4.26, 15.28],
          [36.52, 0.62, 2.12],
          [69.74, 4.47, 363.1],
          [85.57, 0.62, 46.47],
          [126.04, 4.67, 21.13],
        ]),
      });
      const { peaks } = process(run);
      const [parent, rider] = run.truth;
      const found = nearest(peaks, rider!);
      expect(found, `seed ${seed}`).toBeDefined();
      expect([found!.startCode, found!.stopCode], `seed ${seed}`).toEqual(['T', 'T']);
      // A tail skim leaves a rider this narrow a little short (−8 to −14 % on these seeds).
      expect(percentOff(found!.area, rider!.area), `seed ${seed}`).toBeLessThan(15);
      expect(percentOff(nearest(peaks, parent!)!.area, parent!.area), `seed ${seed}`).toBeLessThan(1.5);
    }
  });
});

describe('failure class 7: a rider on a steep tail is no step edge', () => {
  it('a rider whose one-sample rise is half its rise over its valley keeps its own level, every seed (merged before)', () => {
    // Seed 31's `rider_9` (0.079 s a point): a rider 23.9 high at 16.05 s on the tail of a peak 206 high rises
    // 0.46 over its valley, the tail falling under it; one sample's rise was over half that, so the valley
    // merge read it as a step's edge (its level at the raw apex, down the kernel's ramp) and merged it into
    // its parent, which took its area.
    for (let seed = 1; seed <= 6; seed++) {
      const run = simulateChromatogram({
        points: 331,
        stepSec: 0.0793,
        noiseSd: 0.00735,
        seed,
        components: [
          { centreSec: 4, sigmaSec: 0.4, tauSec: 0.9044, height: 190 },
          { centreSec: 6.668, sigmaSec: 0.4, tauSec: 0.12, height: 33.2 },
          { centreSec: 13.154, sigmaSec: 0.4, tauSec: 0.9408, height: 205.5 },
          { centreSec: 15.938, sigmaSec: 0.4, tauSec: 0.12, height: 23.88 },
        ],
      });
      const { peaks } = process(run);
      const [, , parent, rider] = run.truth;
      expect(nearest(peaks, rider!), `seed ${seed}`).toBeDefined();
      expect(percentOff(nearest(peaks, rider!)!.area, rider!.area), `seed ${seed}`).toBeLessThan(5);
      expect(percentOff(nearest(peaks, parent!)!.area, parent!.area), `seed ${seed}`).toBeLessThan(1);
    }
  });
});

describe('a shoulder at the foot of a much larger peak is measured over the peak’s tail', () => {
  it('a Gaussian 6 % as high, 1.2 resolutions down a tail, is listed on every seed (missed before)', () => {
    // Seed 32's `shoulder_23` (0.444 s a point): a component 10.6 high at 43.2 s on the tail of a peak 181 high
    // (τ/σ 1.4) stands under a tenth of its host's height and bends less than a tenth of its host's apex, so
    // the shoulder rules left it in its host; over the host's tail carried on under it, it stands 5.
    for (let seed = 1; seed <= 6; seed++) {
      const run = simulateChromatogram({
        points: 316,
        stepSec: 0.44425,
        noiseSd: 0.0759,
        offset: -3.3,
        seed,
        components: emgs(2.6376, [
          [26.3757, 3.8099, 181.35],
          [43.209, 0, 10.6],
          [77.4493, 3.7468, 182.78],
        ]),
      });
      const { peaks } = process(run);
      const [host, shoulder, last] = run.truth;
      expect(nearest(peaks, shoulder!), `seed ${seed}`).toBeDefined();
      expect(peaks, `seed ${seed}`).toHaveLength(3);
      expect(percentOff(nearest(peaks, host!)!.area, host!.area), `seed ${seed}`).toBeLessThan(2);
      expect(percentOff(nearest(peaks, last!)!.area, last!.area), `seed ${seed}`).toBeLessThan(1);
    }
  });

  it('a small baseline step on a tail is no shoulder: it stays over the tail past its bend, every seed', () => {
    // Seed 32's `step_30`: a step of 8.3 (under the one-sample step rule's 5 noise ranges of the raw signal) at
    // 61.6 s, on the tail of a peak 628 high, lifts the signal over the tail carried on before it and was
    // listed as a shoulder 7.4 high at 62.9 s; a component comes back down past its apex, the step does not.
    for (let seed = 1; seed <= 6; seed++) {
      const run = simulateChromatogram({
        points: 882,
        stepSec: 0.44615,
        noiseSd: 0.00281,
        offset: 3.23,
        seed,
        steps: [{ atSec: 61.55, size: 8.27 }],
        components: emgs(3.2659, [
          [32.659, 7.2369, 627.69],
          [90.445, 1.2725, 331.92],
          [126.762, 3.4847, 152.48],
          [179.81, 4.5616, 474.31],
          [227.821, 7.8049, 49.585],
          [290.518, 6.4483, 21.367],
        ]),
      });
      expect(
        process(run).peaks.map((peak) => Math.round(peak.retentionTimeSec)),
        `seed ${seed}`,
      ).toEqual(run.truth.map((truth) => Math.round(truth.retentionTimeSec)));
    }
  });

  it('property: a lone peak is one peak, with no shoulder at its foot, whatever its shape, noise, offset or drift', () => {
    // τ/σ 0–3, 5–25 samples a W50, S/N 40–4·10⁴, any offset and a drift of up to 1 % of the height a minute. A
    // lone tail is convex (no curvature well of its own), and where noise makes one, the carried-on tail lies
    // over a lone peak's own (its logarithm is concave): only a second component stands over it.
    fc.assert(
      fc.property(
        fc.record({
          tauShare: fc.double({ min: 0, max: 3, noNaN: true }),
          samplesPerW50: fc.double({ min: 5, max: 25, noNaN: true }),
          logNoise: fc.double({ min: -3, max: 0, noNaN: true }),
          offset: fc.double({ min: -50, max: 50, noNaN: true }),
          drift: fc.double({ min: -1, max: 1, noNaN: true }),
          seed: fc.integer({ min: 1, max: 1e6 }),
        }),
        ({ tauShare, samplesPerW50, logNoise, offset, drift, seed }) => {
          const sigmaSec = (samplesPerW50 * 0.5) / 2.355;
          const run = simulateChromatogram({
            points: Math.ceil(((30 + 12 * tauShare) * sigmaSec) / 0.5),
            stepSec: 0.5,
            noiseSd: 10 ** logNoise,
            offset,
            driftPerSec: drift / 60,
            seed,
            components: emgs(sigmaSec, [[10 * sigmaSec, tauShare * sigmaSec, 100]]),
          });
          expect(process(run).peaks).toHaveLength(1);
        },
      ),
      { seed: 1140, numRuns: 60 },
    );
  });
});

describe('failure class 4: a step on a steep tail is a step', () => {
  it('a step of 7.4 on a tail falling 1.1 a sample: no peak at its top, every seed (one there before)', () => {
    // The neighbouring differences (−1.1) exceed a quarter of the jump over them (7.4 − 1.1 = 6.3), so read
    // against the differences themselves it was no step; read against the tail's slope it stands out by 7.4.
    for (let seed = 1; seed <= 6; seed++) {
      const run = simulateChromatogram({
        points: 300,
        stepSec: 0.44615,
        noiseSd: 0.00281,
        seed,
        steps: [{ atSec: 61.55, size: 7.4 }],
        components: emgs(3.2659, [
          [32.659, 7.2369, 627.69],
          [90.445, 1.2725, 331.92],
        ]),
      });
      const { peaks } = process(run);
      expect(
        peaks.map((peak) => Math.round(peak.retentionTimeSec)),
        `seed ${seed}`,
      ).toEqual(run.truth.map((truth) => Math.round(truth.retentionTimeSec)));
      // The next peak keeps its own baseline (it took the skimmed top's valley before: +2.4 %); the host ends at
      // the step, the new baseline, short by its tail past it (−8.8 %; −1.1 % with the top skimmed off it).
      expect(percentOff(peaks[1]!.area, run.truth[1]!.area), `seed ${seed}`).toBeLessThan(1.5);
    }
  });
});

describe('failure class 4: the top of a step on a tail is not a peak', () => {
  it('a step up on a tailing peak’s tail: one peak, no peak at the step, on every seed (one at the step before)', () => {
    // Seed 31's `step_29`: a step of 7.6 on the tail of a peak 67 high made a maximum just after it (the tail
    // carried on decaying on the new level), reported as a peak 6.7 high, S/N 979, drawn from the step.
    for (let seed = 1; seed <= 6; seed++) {
      const run = simulateChromatogram({
        points: 400,
        stepSec: 0.5,
        noiseSd: 0.01,
        seed,
        steps: [{ atSec: 82.1, size: 7.6 }],
        components: [{ centreSec: 52, sigmaSec: 3, tauSec: 7, height: 67 }],
      });
      const { peaks } = process(run);
      expect(
        peaks.map((peak) => Math.round(peak.retentionTimeSec)),
        `seed ${seed}`,
      ).toEqual([Math.round(run.truth[0]!.retentionTimeSec)]);
    }
  });

  // Held-out seeds 31–33 (docs/processing.md "Held-out seeds"): rider 99.6 % (98.7 % before a rider was measured
  // over its parent's tail and a rider on a steep tail was no longer a step edge), coarse 99.0 %; floors that
  // may only rise.
  it('the rider and coarse runs of the held-out seeds 31–33 (216 runs): recall ≥ 99.5 % and ≥ 99 %, no extras', () => {
    const row = heldOutRows(['rider', 'coarse']);
    const [rider, coarse] = [row('rider'), row('coarse')];
    expect([rider.runs, coarse.runs]).toEqual([108, 108]);
    expect(rider.recallPct).toBeGreaterThanOrEqual(99.5);
    expect(coarse.recallPct).toBeGreaterThanOrEqual(99);
    expect([rider.extrasPct, coarse.extrasPct]).toEqual([0, 0]);
  });

  // 98.7 % now; 97.8 % before a shoulder at its host's foot was measured over the host's tail (`overTail`).
  // Median area error 0.73 % and 23 runs with a share off by more than 10 %: 1.07 % and 33 while a child
  // whose valley was below half its height kept its drop line (before the skim valley ratio, "A child low on
  // a tail skimmed by the valley ratio").
  it('the shoulder runs of the held-out seeds 31–33 (108 runs): recall ≥ 98.5 %, no extras, area ≤ 1 %', () => {
    const row = heldOutRows(['shoulder'])('shoulder');
    expect(row.runs).toBe(108);
    expect(row.recallPct).toBeGreaterThanOrEqual(98.5);
    expect(row.extrasPct).toBe(0);
    expect(row.medianAreaErrorPct).toBeLessThanOrEqual(1);
    expect(row.shareOffRuns).toBeLessThanOrEqual(24);
  });

  // Isocratic 97.6 % (97.4 % while a long run's noise quartile was read as a flank only at 10 × its white
  // baseline windows' SD, the bound for a filtered noise's two degrees of freedom: "A long run's quartile read
  // against white baseline windows by their own degrees of freedom"); a floor that may only rise.
  it('the isocratic runs of the held-out seeds 31–33 (108 runs): recall ≥ 97.5 %, no extras', () => {
    const row = heldOutRows(['isocratic'])('isocratic');
    expect(row.runs).toBe(108);
    expect(row.recallPct).toBeGreaterThanOrEqual(97.5);
    expect(row.extrasPct).toBe(0);
  });

  it('a late peak at S/N 17 of an isocratic run whose quartile reads the later peaks’ flanks is listed', () => {
    // Seed 33's `isocratic_1`: eight peaks widening 4 → 20 s W50 over 608 s, white noise of SD 0.37. The
    // lower quartile of its 5 W50 windows read 1.12 (3 × the noise) over the wide peaks' flanks, and the
    // peak 15.7 high at 361.5 s fell under the detection threshold (22.9).
    const run = simulatedCorpus(36, 33, ['isocratic'])[1]!;
    expect(run.name).toBe('isocratic_1');
    const late = run.expected[6]!;
    expect(late.height).toBeCloseTo(15.7, 1);
    const result = process(run);
    expect(result.detection?.noiseSd ?? Infinity).toBeLessThan(1.5 * run.noiseSd);
    expect(
      nearest(
        result.peaks.filter((peak) => !peak.belowReportingThreshold),
        late,
      ),
    ).toBeDefined();
  });

  // 0.0 % extras on seed 30 (0.6 % before); on seeds 31–33 0.4 % (0.6 % before a step was read against the
  // tail's slope, with a shoulder at its host's foot measured over the host's tail, which one small step on a
  // tail lifts over it; 2.0 % before a step's top was no peak, 3.0 % on seed 33 alone).
  it('the step runs of the held-out seeds 31–33 (108 runs): extras ≤ 0.5 %, recall 100 %', () => {
    const row = heldOutRows(['step'])('step');
    expect(row.runs).toBe(108);
    expect(row.recallPct).toBe(100);
    expect(row.extrasPct).toBeLessThanOrEqual(0.5);
  });
});
