import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { processChromatogram } from '../src/pipeline/processChromatogram.ts';
import { seededRandom } from '../src/random/seededRandom.ts';
import { scoreCase, simulatedCorpus } from '../src/simulation/corpus.ts';
import { simulateChromatogram } from '../src/simulation/simulateChromatogram.ts';
import { listedAndFound } from './truthHelpers.ts';

const NOISE_SD = 0.05;

/**
 * 40 EMGs 2–4 W50 apart from 4 σ after the run's start to its end (σ 2 s at 0.5 s a point, τ 1 s), heights
 * S/N 30–3,000 on noise of SD 0.05, white or through a detector's filter of 1 s: no window of 5 W50 and no
 * gap between the peaks is baseline.
 */
function noBaselineRun(seed: number, filtered: boolean) {
  const random = seededRandom(seed);
  const sigmaSec = 2;
  const w50 = 2.355 * sigmaSec;
  let centre = 4 * sigmaSec;
  const components = Array.from({ length: 40 }, () => {
    const component = {
      centreSec: centre,
      sigmaSec,
      tauSec: 1,
      height: NOISE_SD * 10 ** (1.5 + 2 * random()),
    };
    centre += w50 * (2 + 2 * random());
    return component;
  });
  return simulateChromatogram({
    points: Math.ceil((centre + 4 * sigmaSec) / 0.5),
    stepSec: 0.5,
    noiseSd: NOISE_SD,
    seed,
    components,
    ...(filtered ? { detectorTimeConstantSec: 1 } : {}),
  });
}

function recall(seed: number, filtered: boolean) {
  const { timeSec, values, truth } = noBaselineRun(seed, filtered);
  const result = processChromatogram({ timeSec, values }, {});
  const { listed, found } = listedAndFound(truth, result.peaks);
  return { found, truth: truth.length, listed, detection: result.detection! };
}

describe('a run with no baseline left: the noise from the white-noise floor', () => {
  it('lists the peaks of a run whose every gap holds one, white noise or filtered, with no extra', () => {
    // The first estimate read 30–200 × the noise and listed 1–14 of 40; the gap pass had no baseline to read.
    for (const filtered of [false, true]) {
      for (const seed of [1, 2, 3]) {
        const { found, truth, listed, detection } = recall(seed, filtered);
        const label = `seed ${seed}${filtered ? ' filtered' : ''}`;
        expect(found / truth, label).toBeGreaterThanOrEqual(0.9);
        expect(listed, label).toBe(found);
        // Read at the floor, or in the gaps between the peaks a pass at the floor found where those gaps are
        // baseline (`floorSeededGapScale`: seed 3's white run), never both.
        expect(!!detection.noiseFromDifferences !== !!detection.noiseFromGaps, label).toBe(true);
        expect(detection.noiseSd / NOISE_SD, label).toBeGreaterThan(filtered ? 0.3 : 0.8);
        expect(detection.noiseSd / NOISE_SD, label).toBeLessThan(1.2);
      }
    }
  });

  it('a short crowded run, as the held-out vendor files: 400 points at 1 s, peaks 2–4 W50 apart', () => {
    // σ 2.5 samples, 2 σ after the start; the first estimate read 15–120 × the noise and listed 1–4 peaks.
    // With the detection noise right, the run noise behind S/N (read between the integrated peaks) still read
    // 8–24 × it, and the reporting limit left out 6–10 peaks: a run with no baseline reads both from the floor.
    for (const seed of [1, 2, 3]) {
      const random = seededRandom(100 + seed);
      const components: { centreSec: number; sigmaSec: number; tauSec: number; height: number }[] = [];
      for (let centre = 5; centre < 390; centre += 2.355 * 2.5 * (2 + 2 * random())) {
        components.push({
          centreSec: centre,
          sigmaSec: 2.5,
          tauSec: 1.5,
          height: NOISE_SD * 10 ** (1.5 + 2 * random()),
        });
      }
      const run = simulateChromatogram({ points: 400, stepSec: 1, noiseSd: NOISE_SD, seed, components });
      const result = processChromatogram(run, {});
      const { listed, found } = listedAndFound(run.truth, result.peaks);
      expect(found / run.truth.length, `seed ${seed}`).toBeGreaterThanOrEqual(0.95);
      expect(listed, `seed ${seed}`).toBe(found);
      expect(result.detection!.noiseFromDifferences, `seed ${seed}`).toBe(true);
      expect(result.noise!.windows, `seed ${seed}`).toBe('differences');
      expect(result.noise!.rms, `seed ${seed}`).toBe(result.detection!.noiseSd);
    }
  });

  it('a run with baseline between its peaks keeps the noise read there', () => {
    const random = seededRandom(7);
    const components = Array.from({ length: 12 }, (_, k) => ({
      centreSec: 60 + 50 * k + 10 * random(),
      sigmaSec: 2,
      tauSec: 1,
      height: NOISE_SD * 10 ** (1.5 + 2 * random()),
    }));
    const run = simulateChromatogram({ points: 1400, stepSec: 0.5, noiseSd: NOISE_SD, seed: 7, components });
    const detection = processChromatogram(run, {}).detection!;
    expect(detection.noiseFromDifferences).toBeUndefined();
  });

  it('property: a run with baseline between its peaks never takes the floor, whatever its noise', () => {
    // Peaks 8–15 W50 apart over the whole run, on noise the simulator draws white, filtered, wandering at the
    // peaks' own scale or pulsing: the floor reads only the white part of such noise, and a pass at it finds
    // the wander's bumps in every gap; the 10 × bound keeps the noise read on the baseline.
    fc.assert(
      fc.property(
        fc.record({
          seed: fc.integer({ min: 1, max: 10_000 }),
          stepSec: fc.double({ min: 0.2, max: 2, noNaN: true }),
          sigmaSamples: fc.double({ min: 1.5, max: 6, noNaN: true }),
          filter: fc.constantFrom(0, 1, 2),
          wander: fc.constantFrom(0, 1, 3),
          pulsation: fc.constantFrom(0, 1),
        }),
        ({ seed, stepSec, sigmaSamples, filter, wander, pulsation }) => {
          const random = seededRandom(seed);
          const sigmaSec = sigmaSamples * stepSec;
          const w50 = 2.355 * sigmaSec;
          const components: { centreSec: number; sigmaSec: number; tauSec: number; height: number }[] = [];
          for (let centre = 4 * w50; centre < 500 * stepSec; centre += w50 * (8 + 7 * random())) {
            components.push({
              centreSec: centre,
              sigmaSec,
              tauSec: sigmaSec * random(),
              height: NOISE_SD * 10 ** (1.5 + 2 * random()),
            });
          }
          const run = simulateChromatogram({
            points: 520,
            stepSec,
            noiseSd: NOISE_SD,
            seed,
            components,
            ...(filter ? { detectorTimeConstantSec: filter * stepSec } : {}),
            ...(wander ? { wander: { sd: wander * NOISE_SD, timeSec: w50, seed } } : {}),
            ...(pulsation ? { pulsation: { amplitude: pulsation * NOISE_SD, periodSec: 2 * w50 } } : {}),
          });
          const detection = processChromatogram(run, {}).detection!;
          expect(detection.noiseFromDifferences).toBeUndefined();
        },
      ),
      { seed: 3012, numRuns: 80 },
    );
  });

  it('short wandering and pulsing corpus runs keep the noise read on their baseline (the 10 × bound)', () => {
    // Held-out corpus runs of 338–637 points with 3–6 peaks on filtered noise and a wander or a pulsation: the
    // floor (0.42–0.55 × the drawn SD) found the wander's bumps in every gap, and without the bound they took it.
    const runs = [
      ...[17, 28].map((n, k) => simulatedCorpus(36, 31 + k, ['wander'])[n]!),
      ...[24].map((n) => simulatedCorpus(36, 31, ['pulsation'])[n]!),
      ...[12, 23, 29].map((n) => simulatedCorpus(36, 33, ['pulsation'])[n]!),
    ];
    for (const c of runs) {
      const detection = processChromatogram({ timeSec: c.timeSec, values: c.values }, {}).detection!;
      expect(detection.noiseFromDifferences, c.name).toBeUndefined();
      expect(detection.noiseSd / c.noiseSd, c.name).toBeGreaterThan(0.8);
    }
  });

  it('short corpus runs whose last pass left one or two gap windows read the floor, not a first estimate', () => {
    // 243–328 points, 3–5 peaks of W50 11 samples with their tails over most of the run: the last pass left one
    // or two gap windows, too few to read a noise in, and the first estimate (41–68 × the noise) stayed.
    const runs = [
      simulatedCorpus(36, 33, ['isolated'])[14]!,
      simulatedCorpus(36, 31, ['step'])[19]!,
      simulatedCorpus(36, 32, ['drift'])[10]!,
    ];
    for (const c of runs) {
      const { detection, peaks } = processChromatogram({ timeSec: c.timeSec, values: c.values }, {});
      expect(detection!.noiseFromDifferences, c.name).toBe(true);
      expect(detection!.noiseSd / c.noiseSd, c.name).toBeGreaterThan(0.8);
      expect(detection!.noiseSd / c.noiseSd, c.name).toBeLessThan(1.3);
      const score = scoreCase(c, peaks);
      expect(score.found, c.name).toBe(score.expected);
      expect(score.extras, c.name).toBe(0);
    }
  });
});
