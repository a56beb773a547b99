import { describe, expect, it } from 'vitest';
import { integrateArea } from '../src/integration/integrateArea.ts';
import { firstIndexAtOrAfter } from '../src/integration/sampleCells.ts';
import { processChromatogram } from '../src/pipeline/processChromatogram.ts';
import { readFixture } from './files.ts';

// Single-wavelength traces of the benzaldehyde DAD set (data README §5), written by
// fixtures/make_benzaldehyde_fixture.py. Every run has its own, non-uniform time grid.
interface Run {
  timeMin: number[];
  [wavelength: `${number}nm`]: number[];
}
const fixture = JSON.parse(readFixture('benzaldehyde_dad.json')) as {
  runs: { blank: Run; sample_0_5_mM: Run; sample_1_mM: Run };
};
const toSec = (run: Run) => run.timeMin.map((minutes) => minutes * 60);

function blankSubtracted(sample: Run, wavelength: `${number}nm`) {
  const timeSec = toSec(sample);
  const result = processChromatogram(
    { timeSec, values: sample[wavelength]!, unit: 'mAU' },
    { algorithm_binj: 'simple_subtraction', peak_detection_min_prominence: 5 },
    {
      blank: { timeSec: toSec(fixture.runs.blank), values: fixture.runs.blank[wavelength]! },
      includeSignals: true,
    },
  );
  const corrected = result.signals!.correctedValues;
  let apex = 0;
  for (let i = 1; i < corrected.length; i++) if (corrected[i]! > corrected[apex]!) apex = i;
  // The README's fixed window: apex −0.25 / +0.35 min, straight baseline through the window's end samples.
  const first = firstIndexAtOrAfter(timeSec, timeSec[apex]! - 15);
  const last = firstIndexAtOrAfter(timeSec, timeSec[apex]! + 21 + 1e-9) - 1;
  const baseline = {
    startSec: timeSec[first]!,
    startValue: corrected[first]!,
    endSec: timeSec[last]!,
    endValue: corrected[last]!,
  };
  const largest = result.peaks.reduce((best, peak) => (peak.height > best.height ? peak : best));
  return {
    result,
    apexSec: timeSec[apex]!,
    maximum: corrected[apex]!,
    fixedWindowArea: integrateArea(timeSec, corrected, baseline.startSec, baseline.endSec, baseline),
    largest,
  };
}

const within = (value: number, expected: number, relative: number) =>
  expect(Math.abs(value / expected - 1)).toBeLessThanOrEqual(relative);

describe('blank subtraction on the benzaldehyde DAD set (0.5 mM and 1 mM)', () => {
  const half = blankSubtracted(fixture.runs.sample_0_5_mM, '250nm');
  const full = blankSubtracted(fixture.runs.sample_1_mM, '250nm');

  it('subtracts the blank interpolated onto each sample grid without a step error', () => {
    for (const run of [half, full]) {
      expect(run.result.steps.find((step) => step.step === 'binj')).toMatchObject({
        algorithm: 'simple_subtraction',
        error: null,
      });
    }
  });

  it('gives the documented apex, heights (±0.5 %) and half-height width at 250 nm', () => {
    for (const run of [half, full]) expect(Math.abs(run.apexSec - 2.285 * 60)).toBeLessThanOrEqual(0.1);
    within(half.maximum, 271.4, 0.005);
    within(full.maximum, 524.0, 0.005);
    for (const run of [half, full]) within(run.largest.widthHalfSec!, 1.4, 0.01);
  });

  it('gives the documented fixed-window areas (±1.5 %) and area ratio 1.90 (±4 %) at 250 nm', () => {
    within(half.fixedWindowArea, 430.5, 0.015);
    within(full.fixedWindowArea, 817.4, 0.015);
    within(full.fixedWindowArea / half.fixedWindowArea, 1.9, 0.04);
  });

  it('keeps the area ratio with the automatic integration limits (not the prominence bases)', () => {
    within(full.largest.area / half.largest.area, 1.9, 0.04);
  });

  it('gives the documented ratios at 254 nm (1.92) and 280 nm (1.96), ±4 %', () => {
    for (const [wavelength, ratio] of [
      ['254nm', 1.92],
      ['280nm', 1.96],
    ] as const) {
      const low = blankSubtracted(fixture.runs.sample_0_5_mM, wavelength);
      const high = blankSubtracted(fixture.runs.sample_1_mM, wavelength);
      within(high.fixedWindowArea / low.fixedWindowArea, ratio, 0.04);
    }
  });
});
