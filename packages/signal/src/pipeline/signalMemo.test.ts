import { describe, expect, it } from 'vitest';
import { seededNormal, seededRandom } from '../random/seededRandom.ts';
import { processChromatogram, type SignalInput } from './processChromatogram.ts';
import type { ProcessingTemplate } from './processingTemplate.ts';
import { SignalMemo } from './signalMemo.ts';
import { findPeaks } from '../peaks/findPeaks.ts';
import { lessRunDrift } from '../baseline/runDrift.ts';

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

  it('gives a run read less its drift line the same results, and holds it once measured', () => {
    const plain = signal(5, false);
    const timeSec = plain.timeSec as Float64Array;
    // 2 units a second: 600 over the run, far over 5 h per peak width, so the automatic default takes it out.
    const input = { ...plain, values: Float64Array.from(plain.values, (v, i) => v + 2 * timeSec[i]!) };
    expect(lessRunDrift(timeSec, input.values).removedPerSec).not.toBe(0);
    const memo = new SignalMemo();
    memo.measure(input);
    expect(memo.holds(input)).toBe(true);
    // The drift line is taken out once: the measured scale is that of the same corrected array throughout.
    const drift = memo.driftOf(timeSec, input.values);
    const scale = memo.scaleOf(drift.values, new Float64Array(timeSec.length));
    processChromatogram(input, {}, { memo });
    expect(memo.driftOf(timeSec, input.values)).toBe(drift);
    expect(memo.scaleOf(drift.values, new Float64Array(timeSec.length))).toBe(scale);
    for (const template of [...templates, ...[...templates].reverse()]) {
      const kept = processChromatogram(input, template, { memo });
      const fresh = processChromatogram(input, template);
      expect(JSON.stringify(kept)).toBe(JSON.stringify(fresh));
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

  it('checks a signal once while its arrays are the same, and again for other arrays', () => {
    const input = signal(13, true);
    const memo = new SignalMemo();
    const first = memo.inputOf(input);
    expect(first.dropouts).toMatchObject({ count: 3, rangeCount: 2 });
    expect(memo.inputOf({ ...input })).toBe(first);
    const copied = { ...input, values: Float64Array.from(input.values) };
    expect(memo.inputOf(copied)).not.toBe(first);
    expect(Array.from(memo.inputOf(copied).values)).toEqual(Array.from(first.values));
    expect(() => memo.inputOf({ ...input, timeSec: Float64Array.from(input.timeSec).reverse() })).toThrow(
      'times must increase',
    );
  });

  it('measures the prominence of every maximum once per array', () => {
    const values = signal(17, false).values as Float64Array;
    const memo = new SignalMemo();
    const first = memo.maximaOf(values);
    expect(memo.maximaOf(values)).toBe(first);
    const all = findPeaks(values, { prominence: 0 });
    expect(Array.from(first.maxima)).toEqual(Array.from(all.peaks));
    expect(Array.from(first.prominences)).toEqual(Array.from(all.properties.prominences!));
    expect(memo.maximaOf(Float64Array.from(values))).not.toBe(first);
  });

  it('measures a signal ahead of its previews, which then measure nothing of it again', () => {
    for (const dropouts of [false, true]) {
      const input = signal(dropouts ? 19 : 23, dropouts);
      const memo = new SignalMemo();
      expect(memo.holds(input)).toBe(false);
      memo.measure(input);
      expect(memo.holds(input)).toBe(true);
      const prepared = memo.inputOf(input);
      const work = new Float64Array(input.values.length);
      const scale = memo.scaleOf(prepared.values, work);
      const maxima = memo.maximaOf(prepared.values);
      // A template that changes the values measures those, not the signal: keep them in between.
      for (const template of [{}, templates[1]!, templates[2]!, { algorithm_pdet: 'wavelet_v1' }]) {
        const kept = processChromatogram(input, template, { memo });
        const fresh = processChromatogram(input, template);
        expect(JSON.stringify(kept)).toBe(JSON.stringify(fresh));
      }
      // Had processing measured other arrays than the ones measured ahead, the memo would hold those now.
      expect(memo.inputOf(input)).toBe(prepared);
      expect(memo.scaleOf(prepared.values, work)).toBe(scale);
      expect(memo.maximaOf(prepared.values)).toBe(maxima);
      expect(memo.holds({ ...input, values: Float64Array.from(input.values) })).toBe(false);
    }
  });

  it('keeps nothing of a signal that fails its checks', () => {
    const input = signal(29, false);
    const memo = new SignalMemo();
    const reversed = { ...input, timeSec: Float64Array.from(input.timeSec).reverse() };
    expect(() => memo.measure(reversed)).toThrow('times must increase');
    expect(memo.holds(reversed)).toBe(false);
  });
});
