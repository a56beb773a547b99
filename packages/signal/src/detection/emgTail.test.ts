import { describe, expect, it } from 'vitest';
import { emgCurve, emgValue } from '../models/emg.ts';
import { emgAsymptote, fitEmgPeak, onExponentialTail } from './emgTail.ts';

const parameters = { area: 500, centreSec: 20, sigmaSec: 1, tauSec: 2.5 };
const timeSec = Float64Array.from({ length: 800 }, (_, i) => i * 0.1);
const clean = emgCurve(timeSec, parameters);
const apex = clean.indexOf(Math.max(...clean));

describe('the parent as an EMG (emgTail)', () => {
  it('fits a noise-free EMG from its front to its tail to its own parameters', () => {
    const fitted = fitEmgPeak(timeSec, (i) => clean[i]!, apex, 300)!;
    expect(fitted.area).toBeCloseTo(500, 1);
    expect(fitted.centreSec).toBeCloseTo(20, 3);
    expect(fitted.sigmaSec).toBeCloseTo(1, 3);
    expect(fitted.tauSec).toBeCloseTo(2.5, 3);
    expect(fitted.r2).toBeGreaterThan(0.9999);
  });

  it('fits the tail on both sides of a gap (a rider left out) as well', () => {
    const fitted = fitEmgPeak(timeSec, (i) => clean[i]!, apex, 250, { from: 330, to: 380 })!;
    expect(fitted.tauSec).toBeCloseTo(2.5, 3);
  });

  it('its tail’s exponential is the EMG once Φ is 1, and only there', () => {
    const tail = emgAsymptote(parameters, 30);
    for (const tSec of [30, 35, 40]) {
      const exponential = tail.amplitude * Math.exp(-(tSec - 30) / tail.tauSec);
      expect(exponential / emgValue(tSec, parameters)).toBeCloseTo(1, 6);
    }
    // (t − μ)/σ − σ/τ ≥ 2.33: from 22.73 s on here.
    expect(onExponentialTail(parameters, 22.8)).toBe(true);
    expect(onExponentialTail(parameters, 22.6)).toBe(false);
    // A near-Gaussian tail (τ/σ 0.3) is nowhere near its exponential 3 σ past its centre.
    expect(onExponentialTail({ ...parameters, tauSec: 0.3 }, 23)).toBe(false);
  });

  it('returns null without a front to fit', () => {
    expect(fitEmgPeak(timeSec, (i) => clean[i]!, 0, 300)).toBeNull();
  });
});
