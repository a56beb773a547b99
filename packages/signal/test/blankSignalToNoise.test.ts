import { describe, expect, it } from 'vitest';
import { blankPeakToPeak } from '../src/figures/blankNoise.ts';
import { completeFigures } from '../src/figures/completeFigures.ts';
import { processChromatogram } from '../src/pipeline/processChromatogram.ts';
import { readFixture } from './files.ts';

// A real blank injection (benzaldehyde DAD set, fixtures/make_benzaldehyde_fixture.py): S/N per Ph. Eur.
// 2.2.46 with h from the blank over 5 × W50 centred where the peak elutes.
interface Run {
  timeMin: number[];
  '250nm': number[];
}
const fixture = JSON.parse(readFixture('benzaldehyde_dad.json')) as {
  runs: { blank: Run; sample_0_5_mM: Run };
};
const toSec = (run: Run) => run.timeMin.map((minutes) => minutes * 60);

/** Drift-removed max − min of the samples in [from, to], written out here independently. */
function peakToPeak(t: number[], y: number[], from: number, to: number) {
  const xs: number[] = [];
  const ys: number[] = [];
  t.forEach((time, i) => {
    if (time >= from && time <= to) {
      xs.push(time);
      ys.push(y[i]!);
    }
  });
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  let sxy = 0;
  let sxx = 0;
  xs.forEach((x, i) => {
    sxy += (x - mx) * (ys[i]! - my);
    sxx += (x - mx) ** 2;
  });
  const residuals = xs.map((x, i) => ys[i]! - my - (sxy / sxx) * (x - mx));
  return { h: Math.max(...residuals) - Math.min(...residuals), samples: xs.length };
}

describe('S/N from a real blank injection', () => {
  const blank = { timeSec: toSec(fixture.runs.blank), values: fixture.runs.blank['250nm'] };
  const result = processChromatogram(
    { timeSec: toSec(fixture.runs.sample_0_5_mM), values: fixture.runs.sample_0_5_mM['250nm'], unit: 'mAU' },
    { algorithm_binj: 'simple_subtraction' },
    { blank },
  );
  const peak = result.peaks.reduce((best, p) => (p.height > best.height ? p : best));

  it('measures h in the blank over 5 × W50 centred on the peak and states the source', () => {
    const [h] = blankPeakToPeak(blank.timeSec, blank.values, [peak]);
    const half = (5 * peak.widthHalfSec!) / 2;
    const expected = peakToPeak(
      blank.timeSec,
      blank.values,
      peak.retentionTimeSec - half,
      peak.retentionTimeSec + half,
    );
    expect(expected.samples).toBeGreaterThan(10);
    expect(h).toBeCloseTo(expected.h, 9);
    const [figured] = completeFigures([peak], {
      noisePeakToPeak: result.noise?.peakToPeak ?? null,
      blankPeakToPeak: [h!],
    });
    expect(figured!.signalToNoiseSource).toBe('blank');
    expect(figured!.signalToNoise).toBeCloseTo((2 * peak.height) / h!, 9);
  });
});
