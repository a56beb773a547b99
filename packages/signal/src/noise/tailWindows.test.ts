import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { processChromatogram } from '../pipeline/processChromatogram.ts';
import { seededNormal } from '../random/seededRandom.ts';
import { simulatedCorpus } from '../simulation/corpus.ts';
import { measureNoise, type NoiseFigures } from './measureNoise.ts';
import { withoutTailWindows } from './tailWindows.ts';

/** `count` windows of `samples` each over a 1 Hz run of `values`, measured as `runNoise` measures them. */
function windowsOf(
  values: Float64Array,
  count: number,
  samples: number,
): { timeSec: Float64Array; windows: NoiseFigures[] } {
  const timeSec = Float64Array.from(values, (_, i) => i);
  const windows = Array.from({ length: count }, (_, k) =>
    measureNoise(timeSec, values, k * samples, (k + 1) * samples - 1)!,
  );
  return { timeSec, windows };
}

function whiteNoise(seed: number, length: number): Float64Array {
  const normal = seededNormal(seed);
  return Float64Array.from({ length }, () => normal());
}

describe('noise windows holding a tail', () => {
  it('reads the run noise of runs whose tails outlast every gap (10⁴–10⁶ × the noise) from their baseline', () => {
    // Seed 30 of the corpus: the median over the gaps read 13.5, 35.6, 17.9 and 5.1 × the drawn SD.
    const names = ['rider_5', 'coarse_12', 'drift_23', 'isolated_9'];
    const runs = simulatedCorpus(36, 30, ['rider', 'coarse', 'drift', 'isolated']).filter((c) =>
      names.includes(c.name),
    );
    expect(runs).toHaveLength(names.length);
    for (const c of runs) {
      const { noise } = processChromatogram({ timeSec: c.timeSec, values: c.values }, {});
      const ratio = noise!.rms / c.noiseSd;
      expect(ratio, c.name).toBeGreaterThan(0.5);
      expect(ratio, c.name).toBeLessThan(2);
    }
  });

  it('leaves out a window standing apart above a white end, never one reading low', () => {
    const values = whiteNoise(7, 200);
    for (let i = 50; i < 100; i++) values[i] = values[i]! * 0.3;
    for (let i = 100; i < 150; i++) values[i] = values[i]! + 40 * Math.exp(-(i - 100) / 30);
    const { timeSec, windows } = windowsOf(values, 4, 50);
    const kept = withoutTailWindows(timeSec, values, windows, 0, 199);
    expect(kept).toEqual([windows[0], windows[1], windows[3]]);
  });

  it('keeps every window when the end reads correlated noise (a detector filter, a wandering trace)', () => {
    const white = whiteNoise(11, 300);
    const filtered = new Float64Array(300);
    for (let i = 1; i < 300; i++) filtered[i] = 0.8 * filtered[i - 1]! + white[i]!;
    for (let i = 150; i < 200; i++) filtered[i] = filtered[i]! + 40 * Math.exp(-(i - 150) / 30);
    const { timeSec, windows } = windowsOf(filtered, 6, 50);
    expect(withoutTailWindows(timeSec, filtered, windows, 0, 299)).toEqual(windows);
  });

  it('leaves out almost no window of white noise alone', () => {
    let left = 0;
    let all = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.integer({ min: 10, max: 60 }),
        (seed, samples) => {
          const values = whiteNoise(seed, 8 * samples);
          const { timeSec, windows } = windowsOf(values, 8, samples);
          left += windows.length - withoutTailWindows(timeSec, values, windows, 0, 8 * samples - 1).length;
          all += windows.length;
        },
      ),
      { seed: 1130, numRuns: 300 },
    );
    expect(left / all).toBeLessThan(0.01);
  });
});
