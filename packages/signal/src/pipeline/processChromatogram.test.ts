import { describe, expect, it } from 'vitest';
import { emgCurve, type EmgParameters } from '../models/emg.ts';
import { seededNormal, seededRandom } from '../random/seededRandom.ts';
import { processChromatogram } from './processChromatogram.ts';

const stepSec = 0.2;
const timeAxis = (durationSec: number) =>
  Float64Array.from({ length: Math.round(durationSec / stepSec) }, (_, i) => i * stepSec);

function chromatogram(
  timeSec: Float64Array,
  components: EmgParameters[],
  noiseSd: number,
  seed: number,
  drift = 0,
) {
  const noise = seededNormal(seed);
  const values = Float64Array.from(timeSec, (t) => drift * t + noiseSd * noise());
  for (const component of components) {
    const curve = emgCurve(timeSec, component);
    for (let i = 0; i < values.length; i++) values[i]! += curve[i]!;
  }
  return values;
}

describe('processChromatogram on synthetic EMG chromatograms', () => {
  it('ends peaks on a baseline hump where their flanks meet it, not down the hump (within 2 %)', () => {
    const timeSec = timeAxis(1200);
    const components = [
      { area: 120, centreSec: 400, sigmaSec: 3, tauSec: 1 },
      { area: 30, centreSec: 700, sigmaSec: 3.75, tauSec: 1 },
      { area: 80, centreSec: 850, sigmaSec: 4.1, tauSec: 1 },
    ];
    const values = chromatogram(timeSec, components, 0.02, 3);
    // A gradient hump half the largest peak high, its flanks steeper than a W50 of drift per peak.
    timeSec.forEach((t, i) => (values[i]! += 8 * Math.exp(-(((t - 600) / 250) ** 2))));
    const { peaks } = processChromatogram({ timeSec, values }, {});
    for (const component of components) {
      const peak = peaks.find((p) => Math.abs(p.retentionTimeSec - component.centreSec - 1) < 3);
      expect(peak, `peak at ${component.centreSec} s`).toBeDefined();
      expect(Math.abs(peak!.area / component.area - 1)).toBeLessThan(0.02);
    }
  });

  it('integrates isolated EMG peaks within 0.5 % (20 seeded runs)', () => {
    const random = seededRandom(7);
    for (let run = 0; run < 20; run++) {
      const timeSec = timeAxis(600);
      const components = [100, 250, 420].map((centreSec) => {
        const sigmaSec = 1.5 + 2 * random();
        return { area: 50 + 500 * random(), centreSec, sigmaSec, tauSec: sigmaSec * (0.1 + 0.4 * random()) };
      });
      const values = chromatogram(timeSec, components, 0.01, 100 + run);
      const result = processChromatogram({ timeSec, values }, { peak_detection_min_prominence: 1 });
      expect(result.peaks).toHaveLength(3);
      result.peaks.forEach((peak, k) => {
        expect(Math.abs(peak.area / components[k]!.area - 1)).toBeLessThan(0.005);
      });
    }
  });

  it('separates EMG pairs at resolution ≥ 0.8 within 2 % with peak_fitting_v1', () => {
    const random = seededRandom(11);
    for (let run = 0; run < 8; run++) {
      const timeSec = timeAxis(300);
      const sigmaSec = 2 + random();
      const tauSec = sigmaSec * 0.3;
      // W50 of this EMG ≈ 2.3548·σ·1.1; spacing chosen for a half-height resolution of 0.8–1.2.
      const resolution = 0.8 + 0.4 * random();
      const gapSec = (resolution * 2 * 2.3548 * sigmaSec * 1.1) / 1.18;
      const components = [
        { area: 400 * (0.5 + random()), centreSec: 120, sigmaSec, tauSec },
        { area: 400 * (0.5 + random()), centreSec: 120 + gapSec, sigmaSec, tauSec },
      ];
      const values = chromatogram(timeSec, components, 0.01, 500 + run);
      const result = processChromatogram(
        { timeSec, values },
        { peak_detection_min_prominence: 1, algorithm_peak: 'peak_fitting_v1' },
      );
      expect(result.peaks).toHaveLength(2);
      result.peaks.forEach((peak, k) => {
        expect(Math.abs(peak.area / components[k]!.area - 1)).toBeLessThan(0.02);
      });
    }
  });

  it('subtracts a blank recorded on another time grid', () => {
    const timeSec = timeAxis(300);
    const blankTime = Float64Array.from({ length: 1400 }, (_, i) => 0.05 + i * 0.215);
    const blankShape = (t: number) => 5 * Math.exp(-0.5 * ((t - 200) / 6) ** 2) + 0.01 * t;
    const sample = chromatogram(timeSec, [{ area: 300, centreSec: 100, sigmaSec: 2, tauSec: 0.5 }], 0.005, 3);
    const values = Float64Array.from(sample, (v, i) => v + blankShape(timeSec[i]!));
    const blank = { timeSec: blankTime, values: Float64Array.from(blankTime, blankShape) };
    const without = processChromatogram({ timeSec, values }, { peak_detection_min_prominence: 1 });
    expect(without.peaks).toHaveLength(2);
    const result = processChromatogram(
      { timeSec, values },
      { algorithm_binj: 'simple_subtraction', peak_detection_min_prominence: 1 },
      { blank },
    );
    expect(result.peaks).toHaveLength(1);
    expect(result.peaks[0]!.area).toBeCloseTo(300, -0.5);
  });

  it('corrects drift with diagonal_correction and keeps the window apexes only', () => {
    const timeSec = timeAxis(600);
    const components = [100, 300, 500].map((centreSec) => ({
      area: 200,
      centreSec,
      sigmaSec: 2,
      tauSec: 0.5,
    }));
    const values = chromatogram(timeSec, components, 0.005, 9, 0.02);
    const result = processChromatogram(
      { timeSec, values },
      {
        algorithm_base: 'diagonal_correction',
        detection_time_start_sec: 50,
        detection_time_end_sec: 400,
        peak_detection_min_prominence: 1,
      },
    );
    expect(result.peaks.map((p) => Math.round(p.retentionTimeSec / 100))).toEqual([1, 3]);
    for (const peak of result.peaks) expect(Math.abs(peak.area / 200 - 1)).toBeLessThan(0.01);
    expect(result.noise?.driftPerSec).toBeLessThan(1e-3);
  });

  it('reports an unknown key on its own step and still runs the others', () => {
    const timeSec = timeAxis(300);
    const values = chromatogram(timeSec, [{ area: 100, centreSec: 150, sigmaSec: 2, tauSec: 0.3 }], 0.005, 1);
    const result = processChromatogram(
      { timeSec, values },
      { algorithm_base: 'banana', algorithm_nois: 'start', peak_detection_min_prominence: 1 },
    );
    expect(result.steps.find((s) => s.step === 'base')?.error).toBe('Unknown postprocessing value');
    expect(result.peaks).toHaveLength(1);
    expect(result.versions.pdet).toMatch(/^default@2/);
    expect(result.noise?.method).toBe('start');
    expect(JSON.parse(JSON.stringify(result))).toEqual(result);
  });

  it('detects with wavelet_v1 and integrates with first_derivative', () => {
    const timeSec = timeAxis(600);
    const components = [100, 300, 500].map((centreSec) => ({
      area: 200,
      centreSec,
      sigmaSec: 3,
      tauSec: 0.5,
    }));
    const values = chromatogram(timeSec, components, 0.005, 4);
    const wavelet = processChromatogram(
      { timeSec, values },
      { algorithm_pdet: 'wavelet_v1', peak_detection_min_prominence: 1 },
    );
    expect(wavelet.peaks.map((p) => Math.round(p.retentionTimeSec / 100))).toEqual([1, 3, 5]);
    const slope = processChromatogram({ timeSec, values }, { algorithm_peak: 'first_derivative' });
    expect(slope.peaks.map((p) => Math.round(p.retentionTimeSec / 100))).toEqual([1, 3, 5]);
    for (const peak of slope.peaks) expect(Math.abs(peak.area / 200 - 1)).toBeLessThan(0.05);
  });

  it('rejects an unusable signal with a clear message', () => {
    expect(() => processChromatogram({ timeSec: [0, 1, 1, 2], values: [0, 1, 2, 3] })).toThrow(
      'signal: times must increase (point 2)',
    );
    expect(() => processChromatogram({ timeSec: [0, Number.NaN, 2], values: [0, 1, 2] })).toThrow(
      'signal: time of point 1 is not a finite number',
    );
    expect(() =>
      processChromatogram({ timeSec: [0, 1, 2], values: [Number.NaN, Number.NaN, -9999] }),
    ).toThrow('signal: no point has a value');
  });

  it('processes a signal on any time scale, however small its step (no runaway window count)', () => {
    const timeSec = Float64Array.from({ length: 2000 }, (_, i) => i * 1e-300);
    const values = Float64Array.from({ length: 2000 }, (_, i) => Math.exp(-(((i - 1000) / 30) ** 2)));
    const result = processChromatogram({ timeSec, values }, {});
    expect(result.peaks).toHaveLength(1);
    expect(result.steps.every((step) => step.error === null)).toBe(true);
  });
});
