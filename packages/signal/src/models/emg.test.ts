import { describe, expect, it } from 'vitest';
import { emgValue } from './emg.ts';

const gaussian = (t: number, area: number, centre: number, sigma: number) =>
  (area / (sigma * Math.sqrt(2 * Math.PI))) * Math.exp(-0.5 * ((t - centre) / sigma) ** 2);

describe('emgValue', () => {
  it('tends to the Gaussian as τ → 0, down to the smallest double (no NaN from area/2τ × erfcx(∞))', () => {
    for (const tauSec of [1e-9, 1e-100, 1e-300, 5e-324]) {
      for (const t of [4.5, 5.25, 5.4, 5.55, 6.3]) {
        const value = emgValue(t, { area: 3, centreSec: 5.4, sigmaSec: 0.15, tauSec });
        expect(Number.isFinite(value), `τ ${tauSec} at ${t}`).toBe(true);
        expect(value / gaussian(t, 3, 5.4, 0.15)).toBeCloseTo(1, 6);
      }
    }
  });

  it('joins the erfcx form without a step where the large-z limit takes over (within 1e-6)', () => {
    // z = (σ/τ − x)/√2 crosses 1e8 at the apex for τ/σ ≈ 7.07e-9.
    const sigmaSec = 1;
    const below = emgValue(0, { area: 1, centreSec: 0, sigmaSec, tauSec: 7.0e-9 });
    const above = emgValue(0, { area: 1, centreSec: 0, sigmaSec, tauSec: 7.1e-9 });
    expect(above / below).toBeCloseTo(1, 6);
    // A known answer of the erfcx form (its rational approximation is good to about 1e-6 here): the EMG of τ = σ at its centre, (1/2τ)·erfcx(1/√2) = e^½·erfc(1/√2)/2.
    expect(emgValue(0, { area: 1, centreSec: 0, sigmaSec: 1, tauSec: 1 })).toBeCloseTo(0.26157918, 5);
  });
});
