import { describe, expect, it } from 'vitest';
import { emgCurve } from '../models/emg.ts';
import { seededNormal } from '../random/seededRandom.ts';
import { processChromatogram } from './processChromatogram.ts';

const stepSec = 0.2;
const timeSec = Float64Array.from({ length: 3000 }, (_, i) => i * stepSec); // 10 min
const noisy = (sd: number, seed: number) => {
  const noise = seededNormal(seed);
  return Float64Array.from(timeSec, () => sd * noise());
};
const withPeak = (values: Float64Array, centreSec: number, area: number) => {
  const curve = emgCurve(timeSec, { area, centreSec, sigmaSec: 3, tauSec: 1 });
  return values.map((v, i) => v + curve[i]!);
};

describe('why a processed run has no peaks', () => {
  it('says the run is flat, with its level', () => {
    const result = processChromatogram({
      timeSec,
      values: new Float64Array(timeSec.length).fill(2.5),
      unit: 'mAU',
    });
    expect(result.peaks).toEqual([]);
    expect(result.noPeaks).toEqual({
      code: 'flat',
      text: 'the run is flat: the signal stays at 2.5 mAU from start to end',
    });
  });

  it('says no peak rose above 10 × the noise, with the noise it measured', () => {
    const result = processChromatogram({ timeSec, values: noisy(0.05, 7), unit: 'mAU' });
    expect(result.peaks).toEqual([]);
    expect(result.noPeaks?.code).toBe('below_detection_limit');
    const noise = result.detection!.noisePeakToPeak;
    expect(noise).toBeGreaterThan(0);
    expect(result.noPeaks?.text).toMatch(
      /^no peak rose above 10 × the noise \(S\/N ≥ 10: prominence ≥ [\d.]+ mAU; baseline noise [\d.]+ mAU peak to peak\)$/,
    );
    expect(result.noPeaks?.text).toContain(`${Number(noise.toPrecision(3))} mAU peak to peak`);
  });

  it("names the template's minimums when they, not the automatic limit, left nothing", () => {
    const values = withPeak(noisy(0.05, 8), 300, 40);
    const result = processChromatogram(
      { timeSec, values, unit: 'mAU' },
      { peak_detection_min_prominence: 500 },
    );
    expect(result.peaks).toEqual([]);
    expect(result.noPeaks).toEqual({
      code: 'below_detection_limit',
      text: "no peak met the template's detection minimums (prominence ≥ 500 mAU)",
    });
  });

  it('says the peaks lay outside the detection window', () => {
    const values = withPeak(noisy(0.05, 9), 60, 40);
    const result = processChromatogram(
      { timeSec, values, unit: 'mAU' },
      { detection_time_start_sec: 120, detection_time_end_sec: 540 },
    );
    expect(result.peaks).toEqual([]);
    expect(result.noPeaks).toEqual({
      code: 'outside_window',
      text: '1 peak was found, all outside the detection window 2.00–9.00 min',
    });
  });

  it('says nothing when peaks are reported', () => {
    const result = processChromatogram({ timeSec, values: withPeak(noisy(0.05, 10), 300, 40), unit: 'mAU' });
    expect(result.peaks.length).toBe(1);
    expect(result.noPeaks).toBeNull();
  });
});
