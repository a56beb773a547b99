// Invariance: a run of detector-filtered (correlated) noise and twenty peaks reads the same detection noise
// cropped to its peaks as uncropped (docs/processing.md, "Correlated noise on a crop: short windows scaled to
// 5 W50"). Uncropped, 200 s of baseline at each end give the lower quartile of the 5 W50 noise windows
// baseline to read. Cropped (the metamorphic suite's crop: from a W50 before the first peak's start to a W50
// after the last one's end), fewer than a quarter of those windows are baseline, and the quartile read the
// flanks at 42–45 × the noise on seeds 1 and 4 and lost 11 of the 20 peaks; the gap windows of 2 W50 between
// the peaks read the noise low (a line over a short window takes the filter's slow part), so they are scaled
// to 5 W50 by the noise's own growth per doubling.
import { describe, expect, it } from 'vitest';
import { processChromatogram } from '../src/pipeline/processChromatogram.ts';
import { seededNormal } from '../src/random/seededRandom.ts';
import { compare, TRANSFORMS } from '../src/simulation/metamorphic.ts';
import { simulateChromatogram } from '../src/simulation/simulateChromatogram.ts';

const stepSec = 0.4;
const sigmaSec = 1.6;
const base = [50, 8, 120, 20, 70, 4, 200, 30, 90, 12];
const heights = [...base, ...base.map((height) => 0.7 * height)];
const components = heights.map((height, k) => ({
  centreSec: 200 + 16 * sigmaSec * k,
  sigmaSec,
  tauSec: 0.5 * sigmaSec * (k % 3),
  height,
}));
const crop = TRANSFORMS.find((transform) => transform.name === 'crop to the peaks')!;

/** White noise of SD `sd` through a detector's exponential filter of `samples`, from its stationary state. */
function filteredNoise(values: Float64Array, sd: number, samples: number, seed: number): Float64Array {
  const normal = seededNormal(seed);
  const out = Float64Array.from(values);
  const a = 1 / samples;
  let level = 0;
  for (let i = 0; i < 20 * samples; i++) level += a * (sd * Math.sqrt(2 * samples) * normal() - level);
  for (let i = 0; i < out.length; i++) {
    level += a * (sd * Math.sqrt(2 * samples) * normal() - level);
    out[i]! += level;
  }
  return out;
}

describe('correlated noise cropped to the peaks reads as uncropped', () => {
  for (const seed of [1, 2, 3, 4, 5]) {
    it(`noise seed ${seed}: detection noise within 2 × of the uncropped run's, no peak lost`, () => {
      const end = 200 + 16 * sigmaSec * heights.length + 200;
      const simulated = simulateChromatogram({ points: Math.ceil(end / stepSec), stepSec, seed, components });
      const run = { timeSec: simulated.timeSec, values: filteredNoise(simulated.values, 0.05, 2, seed) };
      const unchanged = processChromatogram(run, {});
      expect(unchanged.peaks.filter((peak) => !peak.negative)).toHaveLength(heights.length);
      const cropped = crop.apply(run, unchanged.peaks);
      const changed = processChromatogram(cropped, {});
      const ratio = changed.detection!.noiseSd / unchanged.detection!.noiseSd;
      expect(ratio).toBeGreaterThan(0.5);
      expect(ratio).toBeLessThan(2);
      const range = { from: cropped.timeSec[0]!, to: cropped.timeSec[cropped.timeSec.length - 1]! };
      expect(compare(unchanged.peaks, changed.peaks, stepSec, crop, range).missing).toEqual([]);
    });
  }
});
