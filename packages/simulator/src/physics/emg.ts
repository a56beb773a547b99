// Exponentially modified Gaussian peaks (reference §5), evaluated without overflow on either side.
import { erfc, erfcx } from '@eluent/signal';

export interface EmgPeak {
  /** Gaussian centre μ in seconds (the apex lies a little after it). */
  centerSec: number;
  sigmaSec: number;
  /** Exponential tail τ in seconds; 0 gives a pure Gaussian. */
  tauSec: number;
  /** Integral over time, in signal units × seconds. */
  area: number;
}

/** Height of an EMG peak at a time; integrates to `area`. */
export function emgValue(peak: EmgPeak, timeSec: number): number {
  const { centerSec, sigmaSec, tauSec, area } = peak;
  const offset = timeSec - centerSec;
  if (tauSec <= sigmaSec * 1e-3) {
    return (
      (area / (sigmaSec * Math.sqrt(2 * Math.PI))) * Math.exp((-offset * offset) / (2 * sigmaSec * sigmaSec))
    );
  }
  const z = (sigmaSec / tauSec - offset / sigmaSec) / Math.SQRT2;
  if (z >= 0) {
    // exp(σ²/2τ² − x/τ)·erfc(z) = exp(−x²/2σ²)·erfcx(z): no overflow on the leading edge.
    return (area / (2 * tauSec)) * Math.exp((-offset * offset) / (2 * sigmaSec * sigmaSec)) * erfcx(z);
  }
  const exponent = (sigmaSec * sigmaSec) / (2 * tauSec * tauSec) - offset / tauSec;
  return (area / (2 * tauSec)) * Math.exp(exponent) * erfc(z);
}
