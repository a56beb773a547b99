import { describe, expect, it } from 'vitest';
import { seededNormal, seededRandom } from '../random/seededRandom.ts';
import { simulateChromatogram } from '../simulation/simulateChromatogram.ts';
import { detectAutomatic } from './detectAutomatic.ts';
import { measureSignalScale } from './detectionSettings.ts';
import { gapNoiseScale, secondDifferenceScale } from './gapNoise.ts';
import { processChromatogram } from '../pipeline/processChromatogram.ts';

/** A short crowded run (seeded): 6–9 EMGs 3.5–6 W50 apart at 0.5–2 s a point, white noise of SD `sd`. */
function crowded(seed: number, sd: number) {
  const random = seededRandom(seed);
  const stepSec = 0.5 + 1.5 * random();
  const sigmaSec = (stepSec * (6 + 6 * random())) / 2.355;
  const count = 6 + Math.floor(random() * 4);
  const components = Array.from({ length: count }, (_, k) => ({
    centreSec: 10 * sigmaSec + k * sigmaSec * (8 + 4 * random()),
    sigmaSec,
    tauSec: sigmaSec * random(),
    height: 10 ** (1 + 2 * random()),
  }));
  const end = components[count - 1]!.centreSec + 12 * sigmaSec;
  return simulateChromatogram({ points: Math.ceil(end / stepSec), stepSec, noiseSd: sd, seed, components });
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
  it('property (40 seeded runs): on white noise it only ever lowers the estimate, to within 0.6–1.6 × the true SD', () => {
    let lowered = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const sd = 0.2;
      const run = crowded(seed, sd);
      const scale = measureSignalScale(run.values);
      const found = detectAutomatic(run.values, run.timeSec[1]! - run.timeSec[0]!, scale, {});
      const refined = gapNoiseScale(run.values, scale, found.spans ?? []);
      expect(refined.smoothedPeakToPeak).toBeLessThanOrEqual(scale.smoothedPeakToPeak);
      expect(refined.rawNoise.sd).toBeLessThanOrEqual(scale.rawNoise.sd);
      if (refined === scale) continue;
      lowered++;
      expect(refined.noiseFromGaps).toBe(true);
      expect(refined.rawNoise.sd / sd).toBeGreaterThan(0.6);
      expect(refined.rawNoise.sd / sd).toBeLessThan(1.6);
    }
    // Most short crowded runs have their first estimate over the peaks' flanks.
    expect(lowered).toBeGreaterThan(20);
    // The result says where its noise came from.
    const gaps = Array.from({ length: 40 }, (_, k) => processChromatogram(crowded(k + 1, 0.2), {}).detection);
    expect(gaps.filter((d) => d?.noiseFromGaps === true).length).toBeGreaterThan(20);
  });

  // Filtered as a detector's time constant of about a W50 (lag-1 autocorrelation 0.83): short windows with
  // a line removed read its wander away, so the whiteness checks must keep the 5 W50 estimate.
  it('property (20 seeded runs): on detector-filtered noise the estimate never falls below half its true SD', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const run = crowded(seed, 0);
      const values = filtered(run.values, 0.2, 6, seed);
      const scale = measureSignalScale(values);
      const found = detectAutomatic(values, run.timeSec[1]! - run.timeSec[0]!, scale, {});
      const refined = gapNoiseScale(values, scale, found.spans ?? []);
      // The filter's stationary SD: 0.2 / √(1 − 1/12).
      expect(refined.rawNoise.sd, `seed ${seed}`).toBeGreaterThan(0.5 * 0.209);
    }
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

  it('property (40 seeded runs): the second differences never read white noise below 0.8 × its SD (peaks only raise them)', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const run = crowded(seed, 0.2);
      const scale = measureSignalScale(run.values);
      const guess = secondDifferenceScale(run.values, scale);
      if (!guess) continue;
      const m = scale.smoothingSamples;
      const sd = guess.smoothedSd / Math.sqrt((2 * m * m + 1) / (3 * m * m * m));
      expect(sd / 0.2, `seed ${seed}`).toBeGreaterThan(0.8);
    }
  });

  it('property (20 seeded runs): on detector-filtered noise processing never reads the noise below half its SD', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const run = crowded(seed, 0);
      const values = filtered(run.values, 0.2, 6, seed);
      const { detection } = processChromatogram({ timeSec: run.timeSec, values }, {});
      expect(detection!.noiseSd, `seed ${seed}`).toBeGreaterThan(0.5 * 0.209);
    }
  });
});
