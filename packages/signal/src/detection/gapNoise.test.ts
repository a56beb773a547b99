import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seededNormal } from '../random/seededRandom.ts';
import { simulateChromatogram, type SimulationSpec } from '../simulation/simulateChromatogram.ts';
import { detectAutomatic } from './detectAutomatic.ts';
import { measureSignalScale } from './detectionSettings.ts';
import { gapNoiseScale, secondDifferenceScale } from './gapNoise.ts';
import { whiteNoiseGain } from './smoothForDetection.ts';
import { processChromatogram } from '../pipeline/processChromatogram.ts';

/**
 * A short crowded run (fast-check, seeded by each property): 6–9 EMGs at 0.5–2 s a point, W50 of 6–12
 * samples, the k-th centred at 10 σ + k·(8–12) σ (so neighbours are mostly 3.5–6 W50 apart, sometimes
 * closer or swapped), τ/σ 0–1, heights 10–1000, white noise of SD `sd` with a seed of its own. A spec, so
 * a counterexample prints short.
 */
function crowded(sd: number): fc.Arbitrary<SimulationSpec> {
  // Spread evenly over [0, 1) (fc.double's draws crowd near 0).
  const unit = fc.integer({ min: 0, max: 2 ** 30 - 1 }).map((i) => i / 2 ** 30);
  return fc
    .record({
      step: unit,
      width: unit,
      peaks: fc.array(fc.record({ spacing: unit, tailing: unit, height: unit }), {
        minLength: 6,
        maxLength: 9,
      }),
      seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
    })
    .map(({ step, width, peaks, seed }) => {
      const stepSec = 0.5 + 1.5 * step;
      const sigmaSec = (stepSec * (6 + 6 * width)) / 2.355;
      const components = peaks.map((p, k) => ({
        centreSec: 10 * sigmaSec + k * sigmaSec * (8 + 4 * p.spacing),
        sigmaSec,
        tauSec: sigmaSec * p.tailing,
        height: 10 ** (1 + 2 * p.height),
      }));
      const end = components[components.length - 1]!.centreSec + 12 * sigmaSec;
      return { points: Math.ceil(end / stepSec), stepSec, noiseSd: sd, seed, components };
    });
}

/** The same noise low-pass filtered as a detector does (an exponential filter of time constant `samples`). */
function filtered(values: Float64Array, sd: number, samples: number, seed: number): Float64Array {
  const normal = seededNormal(seed);
  const out = Float64Array.from(values);
  let level = 0;
  const a = 1 / samples;
  // Started at its stationary state (a filter warming up from zero is quieter at the run's start).
  for (let i = 0; i < 20 * samples; i++) level += a * (sd * Math.sqrt(2 * samples) * normal() - level);
  for (let i = 0; i < out.length; i++) {
    level += a * (sd * Math.sqrt(2 * samples) * normal() - level);
    out[i]! += level;
  }
  return out;
}

describe('gapNoiseScale: detection noise between the peaks of a short run', () => {
  it('property: on white noise it only ever lowers the estimate, to within 0.6–1.6 × the true SD', () => {
    const sd = 0.2;
    const refine = (spec: SimulationSpec) => {
      const run = simulateChromatogram(spec);
      const scale = measureSignalScale(run.values);
      const found = detectAutomatic(run.values, spec.stepSec, scale, {});
      return { run, scale, refined: gapNoiseScale(run.values, scale, found.spans ?? []) };
    };
    fc.assert(
      fc.property(crowded(sd), (spec) => {
        const { scale, refined } = refine(spec);
        expect(refined.smoothedPeakToPeak).toBeLessThanOrEqual(scale.smoothedPeakToPeak);
        expect(refined.rawNoise.sd).toBeLessThanOrEqual(scale.rawNoise.sd);
        if (refined === scale) return;
        expect(refined.noiseFromGaps).toBe(true);
        expect(refined.rawNoise.sd / sd).toBeGreaterThan(0.6);
        expect(refined.rawNoise.sd / sd).toBeLessThan(1.6);
      }),
      { seed: 4101, numRuns: 40 },
    );
    // Most short crowded runs have their first estimate over the peaks' flanks, and the result says where
    // its noise came from. Counted over uniform draws (fc.noBias): fast-check's usual draws favour the
    // ends of each range (equal spacings, no tailing), which are not the typical run this counts.
    const typical = fc.sample(fc.noBias(crowded(sd)), { seed: 4105, numRuns: 40 });
    const lowered = typical.filter((spec) => {
      const { refined, scale } = refine(spec);
      return refined !== scale;
    });
    expect(lowered.length).toBeGreaterThan(20);
    const fromGaps = typical.filter(
      (spec) => processChromatogram(simulateChromatogram(spec), {}).detection?.noiseFromGaps,
    );
    expect(fromGaps.length).toBeGreaterThan(20);
  });

  // Filtered as a detector's time constant of about a W50 (lag-1 autocorrelation 0.83): short windows with
  // a line removed read its wander away, so the whiteness checks must keep the 5 W50 estimate. Bound: they
  // are statistics of 3–7 short gap windows, and filtered noise sometimes passes them by chance. The seeds
  // 1–20 of the earlier loop all read above half the SD; of 300 fast-check draws (seed 4102) 12 read below
  // half, the lowest 0.33 × (runs of W50 = 6 samples at 0.5 s a point, equal spacings: the ends of the
  // ranges, which fast-check favours); of 300 even draws (fc.noBias) 3, the lowest 0.48 ×. Hence 0.3 ×: a
  // guard against worse, not the rule wanted (docs/processing.md, "Detection noise on short runs").
  it('property: on detector-filtered noise the gap estimate never falls below 0.3 × its true SD', () => {
    fc.assert(
      fc.property(crowded(0), (spec) => {
        const run = simulateChromatogram(spec);
        const values = filtered(run.values, 0.2, 6, spec.seed!);
        const scale = measureSignalScale(values);
        const found = detectAutomatic(values, spec.stepSec, scale, {});
        const refined = gapNoiseScale(values, scale, found.spans ?? []);
        // The filter's stationary SD: 0.2 / √(1 − 1/12).
        expect(refined.rawNoise.sd).toBeGreaterThan(0.3 * 0.209);
      }),
      { seed: 4102, numRuns: 20 },
    );
  });

  // Known answer (one of 300 even draws of these runs): detector-filtered noise some of whose short gap
  // windows look white on their own. Judged one by one with no minimum they passed the difference check by
  // chance and the estimate read 0.33 × the SD; with fewer than 50 pairs of differences they are judged
  // together, as before (docs/processing.md, "Baseline windows judged one by one").
  it('filtered noise in a few short windows is not judged white one window at a time', () => {
    const sigmaSec = 2.782;
    const spec: SimulationSpec = {
      points: 234,
      stepSec: 0.8992,
      seed: 215769166,
      components: [
        [27.819, 0.54, 155.8],
        [52.118, 0.375, 27.94],
        [81.555, 0.484, 437.7],
        [110.332, 1.03, 16.54],
        [125.347, 2.642, 268.3],
        [176.782, 2.51, 70.69],
      ].map(([centreSec, tauSec, height]) => ({
        centreSec: centreSec!,
        sigmaSec,
        tauSec: tauSec!,
        height: height!,
      })),
    };
    const run = simulateChromatogram(spec);
    const values = filtered(run.values, 0.2, 6, spec.seed!);
    const scale = measureSignalScale(values);
    const refined = gapNoiseScale(
      values,
      scale,
      detectAutomatic(values, spec.stepSec, scale, {}).spans ?? [],
    );
    expect(refined.rawNoise.sd).toBeGreaterThan(0.5 * 0.209);
  });

  it('a run of 16 or more 5 W50 windows keeps its estimate whatever the gaps read', () => {
    const run = simulateChromatogram({
      points: 3000,
      stepSec: 0.5,
      noiseSd: 0.1,
      seed: 4,
      components: [300, 700, 1100].map((centreSec) => ({ centreSec, sigmaSec: 3, tauSec: 1, height: 50 })),
    });
    const scale = measureSignalScale(run.values);
    const found = detectAutomatic(run.values, 0.5, scale, {});
    expect(gapNoiseScale(run.values, scale, found.spans ?? [])).toBe(scale);
    expect(processChromatogram(run, {}).detection!.noiseFromGaps).toBeUndefined();
  });

  it('property: the second differences never read white noise below 0.8 × its SD (peaks only raise them)', () => {
    fc.assert(
      fc.property(crowded(0.2), (spec) => {
        const run = simulateChromatogram(spec);
        const scale = measureSignalScale(run.values);
        const guess = secondDifferenceScale(run.values, scale);
        if (!guess) return;
        const sd = guess.smoothedSd / whiteNoiseGain(scale.smoothingSamples);
        expect(sd / 0.2).toBeGreaterThan(0.8);
      }),
      { seed: 4103, numRuns: 40 },
    );
  });

  // Bound: as above, processing as a whole (the gap estimate and the detection passes it seeds) reads
  // filtered noise below half its SD on some runs: 13 of 300 fast-check draws (seed 4104), the lowest
  // 0.28 ×; 6 of 300 even draws, the lowest 0.38 ×. Hence 0.25 ×, a guard against worse.
  it('property: on detector-filtered noise processing never reads the noise below 0.25 × its SD', () => {
    fc.assert(
      fc.property(crowded(0), (spec) => {
        const run = simulateChromatogram(spec);
        const values = filtered(run.values, 0.2, 6, spec.seed!);
        const { detection } = processChromatogram({ timeSec: run.timeSec, values }, {});
        expect(detection!.noiseSd).toBeGreaterThan(0.25 * 0.209);
      }),
      { seed: 4104, numRuns: 20 },
    );
  });
});
