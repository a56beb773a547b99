import { describe, expect, it } from 'vitest';
import { sampleLibrary } from '../library/samples.ts';
import { defaultColumn, holdUpTimeSec, holdUpVolumeMl, totalPorosity } from './column.ts';
import { emgValue } from './emg.ts';
import { programmedPercentB, columnComposition, defaultDwellVolume } from './gradient.ts';
import { planRun, type RunMethod } from './plan.ts';
import { kozenyCarmanPressureBar, systemPressureBar } from './pressure.ts';
import { createRunSignal } from './run-signal.ts';
import { mobilePhaseViscosityCp } from './viscosity.ts';

const gradientMethod: RunMethod = {
  flowMlPerMin: 1,
  runTimeMin: 15,
  temperatureC: 30,
  injectionUl: 10,
  gradient: [
    { timeMin: 0, percentB: 5 },
    { timeMin: 10, percentB: 95 },
    { timeMin: 12, percentB: 95 },
  ],
  organicSolvent: 'acetonitrile',
  wavelengthNm: 254,
  dataRateHz: 10,
  detectorTimeConstantSec: 0.1,
};

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const relativeStandardDeviation = (values: number[]) => {
  const average = mean(values);
  const variance = values.reduce((sum, value) => sum + (value - average) ** 2, 0) / (values.length - 1);
  return Math.sqrt(variance) / average;
};

describe('hold-up', () => {
  it('gives V0 ≈ 1.6 mL and t0 ≈ 1.6 min for 4.6 × 150 mm at 1 mL/min', () => {
    expect(totalPorosity(defaultColumn)).toBeCloseTo(0.64, 10);
    expect(holdUpVolumeMl(defaultColumn)).toBeCloseTo(1.595, 2);
    expect(holdUpTimeSec(defaultColumn, 1) / 60).toBeCloseTo(1.6, 1);
  });

  it('gives t0 ≈ 17 s for 2.1 × 50 mm at 0.4 mL/min', () => {
    const column = { ...defaultColumn, lengthMm: 50, innerDiameterMm: 2.1 };
    expect(holdUpTimeSec(column, 0.4)).toBeGreaterThan(15);
    expect(holdUpTimeSec(column, 0.4)).toBeLessThan(19);
  });
});

describe('viscosity and pressure', () => {
  it('matches the reference viscosities at 30 °C', () => {
    expect(mobilePhaseViscosityCp('acetonitrile', 0.5, 30)).toBeCloseTo(0.71, 2);
    expect(mobilePhaseViscosityCp('methanol', 0.44, 30)).toBeCloseTo(1.43, 2);
  });

  it('gives the ideal Kozeny–Carman pressures of the reference', () => {
    const acetonitrile = kozenyCarmanPressureBar(
      defaultColumn,
      1,
      mobilePhaseViscosityCp('acetonitrile', 0.5, 30),
    );
    const methanol = kozenyCarmanPressureBar(defaultColumn, 1, mobilePhaseViscosityCp('methanol', 0.5, 30));
    expect(acetonitrile).toBeGreaterThan(40);
    expect(acetonitrile).toBeLessThan(46);
    expect(methanol).toBeGreaterThan(82);
    expect(methanol).toBeLessThan(90);
  });

  it('reads a system back-pressure in the 80–150 bar operating range', () => {
    for (const fraction of [0.05, 0.3, 0.5]) {
      const pressure = systemPressureBar(
        defaultColumn,
        1,
        mobilePhaseViscosityCp('acetonitrile', fraction, 30),
      );
      expect(pressure).toBeGreaterThan(80);
      expect(pressure).toBeLessThan(150);
    }
    // Nearly pure acetonitrile is thin: pressure falls towards half.
    const strong = systemPressureBar(defaultColumn, 1, mobilePhaseViscosityCp('acetonitrile', 0.95, 30));
    expect(strong).toBeLessThan(60);
  });

  it('shows the methanol/water pressure maximum near 40–50 % methanol', () => {
    const pressures = [0, 0.2, 0.45, 0.7, 1].map((fraction) =>
      systemPressureBar(defaultColumn, 1, mobilePhaseViscosityCp('methanol', fraction, 30)),
    );
    expect(Math.max(...pressures)).toBe(pressures[2]);
  });
});

describe('gradient with dwell volume', () => {
  it('delays the programme by the non-mixing volume and smooths it in the mixer', () => {
    expect(programmedPercentB(gradientMethod.gradient, 5)).toBeCloseTo(50, 10);
    const profile = columnComposition(gradientMethod.gradient, 1, defaultDwellVolume, 900);
    // 0.2 mL at 1 mL/min is 12 s of pure delay: the column still sees the start composition.
    expect(profile.percentBAtColumn(10)).toBeCloseTo(5, 6);
    // Far into a linear ramp the mixer lags by its own volume (another 12 s): %B(t) ≈ prog(t − 24 s).
    expect(profile.percentBAtColumn(300)).toBeCloseTo(
      programmedPercentB(gradientMethod.gradient, (300 - 24) / 60),
      0,
    );
  });
});

describe('retention', () => {
  it('elutes the test mix in order of hydrophobicity, inside the gradient', () => {
    const plan = planRun({
      method: gradientMethod,
      column: defaultColumn,
      sample: sampleLibrary.testMix,
      seed: 1,
    });
    const names = [...plan.peaks].sort((a, b) => a.centerSec - b.centerSec).map((peak) => peak.name);
    expect(names).toEqual(['Uracil', 'Caffeine', 'Methylparaben', 'Toluene', 'Naphthalene']);
    const uracil = plan.peaks.find((peak) => peak.name === 'Uracil')!;
    // An almost unretained marker leaves soon after t0.
    expect(uracil.centerSec).toBeGreaterThan(plan.holdUpTimeSec);
    expect(uracil.centerSec).toBeLessThan(plan.holdUpTimeSec * 1.4);
    for (const peak of plan.peaks) expect(peak.centerSec).toBeLessThan(12 * 60 + 60);
  });

  it('retains longer at lower %B and with a larger dwell volume', () => {
    const sample = sampleLibrary.painkiller;
    const caffeineAt = (plan: ReturnType<typeof planRun>) =>
      plan.peaks.find((peak) => peak.name === 'Caffeine')!.centerSec;
    const base = planRun({ method: gradientMethod, column: defaultColumn, sample, seed: 1 });
    const shallow = planRun({
      method: {
        ...gradientMethod,
        gradient: [
          { timeMin: 0, percentB: 5 },
          { timeMin: 20, percentB: 95 },
        ],
      },
      column: defaultColumn,
      sample,
      seed: 1,
    });
    const bigDwell = planRun({
      method: gradientMethod,
      column: defaultColumn,
      sample,
      seed: 1,
      dwell: { nonMixingMl: 1.5, mixingMl: 0.5 },
    });
    expect(caffeineAt(shallow)).toBeGreaterThan(caffeineAt(base));
    expect(caffeineAt(bigDwell)).toBeGreaterThan(caffeineAt(base));
  });

  it('follows t_R = t0·(1 + k) isocratically', () => {
    const method = { ...gradientMethod, gradient: [{ timeMin: 0, percentB: 20 }], runTimeMin: 10 };
    const plan = planRun({
      method,
      column: defaultColumn,
      sample: sampleLibrary.caffeineStandard(10),
      seed: 3,
      extraColumnVolumeMl: 0,
    });
    const caffeine = plan.peaks[0]!;
    const k = 10 ** (1.15 - 3.8 * 0.2);
    expect(caffeine.centerSec / (plan.holdUpTimeSec * (1 + k))).toBeCloseTo(1, 2);
  });

  it('gives 10–15 k plates on a 4.6 × 150 mm, 5 µm column', () => {
    const plan = planRun({
      method: gradientMethod,
      column: defaultColumn,
      sample: sampleLibrary.testMix,
      seed: 1,
    });
    for (const peak of plan.peaks) {
      expect(peak.plates).toBeGreaterThan(10_000);
      expect(peak.plates).toBeLessThan(16_000);
    }
  });
});

describe('peak area and replicates', () => {
  it('integrates an EMG peak to its area', () => {
    const peak = { centerSec: 100, sigmaSec: 2, tauSec: 0.8, area: 500 };
    let sum = 0;
    for (let time = 50; time < 200; time += 0.01) sum += emgValue(peak, time) * 0.01;
    expect(sum).toBeCloseTo(500, 1);
  });

  it('makes the area proportional to the injected amount within replicate precision', () => {
    const areaFor = (concentration: number, seed: number) =>
      planRun({
        method: gradientMethod,
        column: defaultColumn,
        sample: sampleLibrary.caffeineStandard(concentration),
        seed,
      }).peaks[0]!.areaMauSec;
    const responses = [5, 10, 25, 50, 100].map(
      (concentration, index) => areaFor(concentration, 100 + index) / concentration,
    );
    expect(relativeStandardDeviation(responses)).toBeLessThan(0.01);
    const replicates = [1, 2, 3, 4, 5, 6].map((seed) => areaFor(25, seed));
    const rsd = relativeStandardDeviation(replicates);
    expect(rsd).toBeGreaterThan(0.0005);
    expect(rsd).toBeLessThan(0.02);
    // Doubling the injection volume doubles the amount and the area.
    const doubled = planRun({
      method: { ...gradientMethod, injectionUl: 20 },
      column: defaultColumn,
      sample: sampleLibrary.caffeineStandard(25),
      seed: 1,
    }).peaks[0]!.areaMauSec;
    expect(doubled / areaFor(25, 1)).toBeCloseTo(2, 6);
  });

  it('integrates the simulated signal to the planned area', () => {
    const plan = planRun({
      method: gradientMethod,
      column: defaultColumn,
      sample: sampleLibrary.caffeineStandard(50),
      seed: 7,
    });
    const points = createRunSignal(plan).pointsUntil(Infinity);
    const peak = plan.peaks[0]!;
    let area = 0;
    const lead = points.signalMau[points.timeSec.findIndex((time) => time >= peak.centerSec - 20)]!;
    for (let index = 0; index < points.timeSec.length; index++) {
      const time = points.timeSec[index]!;
      if (time >= peak.centerSec - 20 && time <= peak.centerSec + 30)
        area += (points.signalMau[index]! - lead) * 0.1;
    }
    expect(area / peak.areaMauSec).toBeCloseTo(1, 1);
  });

  it('repeats a seeded run point for point, however the stream is sliced', () => {
    const plan = () =>
      planRun({ method: gradientMethod, column: defaultColumn, sample: sampleLibrary.coffee, seed: 42 });
    const whole = createRunSignal(plan()).pointsUntil(Infinity);
    const sliced = createRunSignal(plan());
    const parts = [13.37, 200, 450.05, Infinity].map((until) => sliced.pointsUntil(until));
    expect(parts.flatMap((part) => part.signalMau)).toEqual(whole.signalMau);
    expect(parts.flatMap((part) => part.pressureBar)).toEqual(whole.pressureBar);
    expect(whole.timeSec).toHaveLength(15 * 60 * 10 + 1);
    const other = createRunSignal(
      planRun({ method: gradientMethod, column: defaultColumn, sample: sampleLibrary.coffee, seed: 43 }),
    ).pointsUntil(Infinity);
    expect(other.signalMau).not.toEqual(whole.signalMau);
  });

  it('keeps baseline noise near the lab-detector level', () => {
    const plan = planRun({
      method: gradientMethod,
      column: defaultColumn,
      sample: sampleLibrary.blank,
      seed: 5,
    });
    const points = createRunSignal(plan).pointsUntil(60);
    const differences = points.signalMau.slice(1).map((value, index) => value - points.signalMau[index]!);
    const peakToPeak = Math.max(...differences) - Math.min(...differences);
    expect(peakToPeak).toBeGreaterThan(0.005);
    expect(peakToPeak).toBeLessThan(0.2);
  });
});
