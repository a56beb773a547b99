import { describe, expect, it } from 'vitest';
import { simulateChromatogram } from './simulateChromatogram.ts';

function sd(values: Float64Array): number {
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
  return Math.sqrt(values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / (values.length - 1));
}

function lagOneCorrelation(values: Float64Array): number {
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
  let products = 0;
  let squares = 0;
  for (let i = 0; i < values.length; i++) {
    squares += (values[i]! - mean) ** 2;
    if (i > 0) products += (values[i]! - mean) * (values[i - 1]! - mean);
  }
  return products / squares;
}

const flat = { points: 20_000, stepSec: 0.5, components: [], noiseSd: 0.1 };

describe('simulateChromatogram: the detector noise chain', () => {
  it('without a time constant the noise is white at the data rate, exactly as before', () => {
    const white = simulateChromatogram({ ...flat, seed: 4 }).values;
    expect(Math.abs(lagOneCorrelation(white))).toBeLessThan(0.03);
    expect(sd(white)).toBeCloseTo(0.1, 2);
  });

  for (const tauSec of [0.25, 1, 2]) {
    it(`an RC filter of τ = ${tauSec} s keeps the SD and correlates successive points by exp(−Δt/τ)`, () => {
      const values = simulateChromatogram({ ...flat, seed: 4, detectorTimeConstantSec: tauSec }).values;
      expect(sd(values) / 0.1).toBeGreaterThan(0.93);
      expect(sd(values) / 0.1).toBeLessThan(1.07);
      expect(lagOneCorrelation(values)).toBeCloseTo(Math.exp(-0.5 / tauSec), 1);
    });
  }

  it('an ADC step rounds every sample to a multiple of it', () => {
    const values = simulateChromatogram({ ...flat, seed: 2, quantum: 0.03, offset: 1 }).values;
    for (const v of values) expect(Math.abs(v / 0.03 - Math.round(v / 0.03))).toBeLessThan(1e-9);
  });
});

describe('simulateChromatogram: baseline wander', () => {
  it('an Ornstein–Uhlenbeck wander of the given SD, correlated over its time', () => {
    const spec = { points: 40_000, stepSec: 1, components: [], wander: { sd: 2, timeSec: 50, seed: 3 } };
    const values = simulateChromatogram(spec).values;
    expect(sd(values) / 2).toBeGreaterThan(0.8);
    expect(sd(values) / 2).toBeLessThan(1.2);
    expect(lagOneCorrelation(values)).toBeCloseTo(Math.exp(-1 / 50), 2);
  });
});

describe('simulateChromatogram: pump pulsation and spikes', () => {
  it('a pulsation adds its sinusoid; a spike moves its one nearest sample', () => {
    const base = { points: 400, stepSec: 0.5, components: [], offset: 1 };
    const pulsed = simulateChromatogram({ ...base, pulsation: { amplitude: 0.2, periodSec: 10 } }).values;
    for (let i = 0; i < 400; i++)
      expect(pulsed[i]).toBeCloseTo(1 + 0.2 * Math.sin((2 * Math.PI * i * 0.5) / 10), 12);
    const spiked = simulateChromatogram({ ...base, spikes: [{ atSec: 50.2, size: -3 }] }).values;
    expect(Array.from(spiked.keys()).filter((i) => spiked[i] !== 1)).toEqual([100]);
    expect(spiked[100]).toBe(-2);
  });
});

describe('simulateChromatogram: fronting', () => {
  it('a negative τ is the mirror image of the tail: the same area and W50, the apex as far before the centre', () => {
    const spec = (tauSec: number) => ({
      points: 4000,
      stepSec: 0.05,
      components: [{ centreSec: 100, sigmaSec: 2, tauSec, height: 10 }],
    });
    const tailing = simulateChromatogram(spec(2));
    const fronting = simulateChromatogram(spec(-2));
    const [t, f] = [tailing.truth[0]!, fronting.truth[0]!];
    expect(f.area).toBeCloseTo(t.area, 10);
    expect(f.widthHalfSec).toBeCloseTo(t.widthHalfSec, 10);
    expect(f.retentionTimeSec - 100).toBeCloseTo(100 - t.retentionTimeSec, 10);
    // Sample for sample, mirrored about the centre (sample 2000).
    for (const k of [1, 40, 100, 300])
      expect(fronting.values[2000 - k]).toBeCloseTo(tailing.values[2000 + k]!, 12);
  });
});
