import { describe, expect, it } from 'vitest';
import type { PeakLimits } from '../figures/measurePeak.ts';
import { emgCurve } from '../models/emg.ts';
import { seededNormal } from '../random/seededRandom.ts';
import { fitEmgGroup, reconstructionScore } from './fitEmgGroup.ts';

const timeSec = Float64Array.from({ length: 601 }, (_, i) => i * 0.1);
const limits: PeakLimits = {
  startSec: 10,
  endSec: 50,
  apexIndex: 0,
  baseline: { startSec: 10, startValue: 0, endSec: 50, endValue: 0 },
  startCode: 'B',
  stopCode: 'B',
};

/** An EMG peak (height ≈ 0.01 in "volts") with seeded noise of relative size `noise`. */
function trace(noise: number, scale: number) {
  const normal = seededNormal(7);
  const clean = emgCurve(timeSec, { area: 0.05, centreSec: 28, sigmaSec: 1.5, tauSec: 1 });
  const values = Float64Array.from(clean, (v) => scale * (v + noise * 0.01 * normal()));
  let apexIndex = 0;
  for (let i = 1; i < values.length; i++) if (clean[i]! > clean[apexIndex]!) apexIndex = i;
  return { values, apexIndex };
}

function score(noise: number, scale: number) {
  const { values, apexIndex } = trace(noise, scale);
  const group = [{ ...limits, apexIndex }];
  return fitEmgGroup(timeSec, values, group, [0.05 * scale], [4]).score;
}

describe('EMG reconstruction score', () => {
  it('is dimensionless: a signal in µV instead of V gives the same score and acceptance', () => {
    for (const noise of [0, 0.005, 0.05]) {
      const inVolts = score(noise, 1);
      const inMicrovolts = score(noise, 1e6);
      expect(inMicrovolts).toBeCloseTo(inVolts, 6);
      expect(Math.abs(inMicrovolts - 1) <= 0.01).toBe(Math.abs(inVolts - 1) <= 0.01);
    }
  });

  it('accepts a clean EMG and rejects a noisy one in volts, where the old "+1" score accepted it', () => {
    expect(Math.abs(score(0, 1) - 1)).toBeLessThan(0.001);
    const noisy = score(0.005, 1);
    expect(Math.abs(noisy - 1)).toBeGreaterThan(0.01);
    // The same fit under (Σ|fit| + 1)/(Σ|signal| + 1): Σ|signal| ≈ 0.5 V·s/Δt, so the +1 hides the misfit.
    const { values } = trace(0.005, 1);
    const signalSum = values.slice(100, 501).reduce((sum, v) => sum + Math.abs(v), 0);
    const old = (noisy * signalSum + 1) / (signalSum + 1);
    expect(Math.abs(old - 1)).toBeLessThanOrEqual(0.01);
  });

  it('is 1 for an all-zero window and infinite when only the fit is non-zero', () => {
    expect(reconstructionScore(0, 0)).toBe(1);
    expect(reconstructionScore(2, 0)).toBe(Number.POSITIVE_INFINITY);
    expect(reconstructionScore(3, 4)).toBe(0.75);
  });
});
