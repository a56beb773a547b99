import { describe, expect, it } from 'vitest';
import { seededNormal, seededRandom } from '../random/seededRandom.ts';
import { processChromatogram, type SignalInput } from './processChromatogram.ts';
import type { ProcessingTemplate } from './processingTemplate.ts';
import { SignalMemo } from './signalMemo.ts';

/** 300 s at 20 Hz: drift, a dozen Gaussian peaks of 1–300 units, noise 0.05, a few dropouts when asked. */
function signal(seed: number, dropouts: boolean): SignalInput {
  const points = 6_000;
  const timeSec = Float64Array.from({ length: points }, (_, i) => i * 0.05);
  const uniform = seededRandom(seed);
  const noise = seededNormal(seed + 1);
  const values = Float64Array.from(timeSec, (t) => 0.2 * Math.sin(t / 90) + 0.05 * noise());
  for (let k = 0; k < 12; k++) {
    const centre = 15 + uniform() * 270;
    const height = 10 ** (uniform() * 2.5);
    const sigma = 0.8 + 2 * uniform();
    for (let i = 0; i < points; i++)
      values[i]! += height * Math.exp(-0.5 * ((timeSec[i]! - centre) / sigma) ** 2);
  }
  if (dropouts) for (const i of [100, 4_000, 4_001, 9_999]) values[i] = Number.NaN;
  return { timeSec, values, unit: 'mAU' };
}

const templates: ProcessingTemplate[] = [
  {},
  { peak_detection_min_prominence: 1, peak_detection_min_width: 0.5 },
  { peak_detection_min_prominence: 5, peak_detection_min_height: 2, peak_detection_min_distance: 3 },
  { algorithm_base: 'diagonal_correction' },
  { algorithm_base: 'horizontal_correction', peak_detection_min_prominence: 2 },
  { algorithm_pdet: 'wavelet_v1' },
  { algorithm_peak: 'first_derivative' },
  { detection_time_start_sec: 50, detection_time_end_sec: 200 },
  {},
  { peak_detection_min_prominence: 1, peak_detection_min_width: 0.5 },
];

describe('SignalMemo', () => {
  it('gives every template the same result as processing without it, in any order of templates', () => {
    for (const dropouts of [false, true]) {
      const input = signal(dropouts ? 7 : 3, dropouts);
      const memo = new SignalMemo();
      for (const template of [...templates, ...[...templates].reverse()]) {
        const kept = processChromatogram(input, template, { includeSignals: true, memo });
        const fresh = processChromatogram(input, template, { includeSignals: true });
        expect(JSON.stringify({ ...kept, signals: null })).toBe(JSON.stringify({ ...fresh, signals: null }));
        expect(Array.from(kept.signals!.correctedValues)).toEqual(Array.from(fresh.signals!.correctedValues));
        expect(Array.from(kept.signals!.runBaseline)).toEqual(Array.from(fresh.signals!.runBaseline));
      }
    }
  });

  it('measures a signal once while its values are the same array, and again for other values', () => {
    const input = signal(11, false);
    const memo = new SignalMemo();
    const work = new Float64Array(input.values.length);
    const values = input.values as Float64Array;
    const first = memo.scaleOf(values, work);
    expect(memo.scaleOf(values, work)).toBe(first);
    const other = Float64Array.from(values, (value) => 2 * value);
    const second = memo.scaleOf(other, work);
    expect(second).not.toBe(first);
    expect(second.smoothedPeakToPeak).toBeCloseTo(2 * first.smoothedPeakToPeak, 9);
  });
});
