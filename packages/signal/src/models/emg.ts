import { erfc, erfcx } from './erfcx.ts';

/** Exponentially modified Gaussian: area, Gaussian centre and σ (s), exponential time constant τ (s). */
export interface EmgParameters {
  area: number;
  centreSec: number;
  sigmaSec: number;
  tauSec: number;
}

const SQRT_2PI = Math.sqrt(2 * Math.PI);

/**
 * Beyond this z, erfcx(z) = 1/(z√π) to double precision (the next term is 1/(2z²)): the EMG is evaluated
 * in that limit, which stays finite as τ → 0 (a τ of a few ulps of σ made area/2τ infinite and erfcx(z)
 * zero, so the value NaN).
 */
const ERFCX_ASYMPTOTIC_Z = 1e8;

/**
 * EMG value at time t in its numerically stable form (processing.md §5.1): erfcx where z ≥ 0, the
 * original form where z < 0, the large-z limit of erfcx for τ ≪ σ; exactly Gaussian only for τ = 0.
 */
export function emgValue(tSec: number, parameters: EmgParameters): number {
  const { area, centreSec, sigmaSec, tauSec } = parameters;
  const x = (tSec - centreSec) / sigmaSec;
  if (tauSec <= 0) return (area / (sigmaSec * SQRT_2PI)) * Math.exp(-0.5 * x * x);
  const z = (sigmaSec / tauSec - x) / Math.SQRT2;
  // area/(2τ) · e^(−x²/2) / (z√π) with 2τz = √2 (σ − τx).
  if (z > ERFCX_ASYMPTOTIC_Z) return (area * Math.exp(-0.5 * x * x)) / (SQRT_2PI * (sigmaSec - tauSec * x));
  if (z >= 0) return (area / (2 * tauSec)) * Math.exp(-0.5 * x * x) * erfcx(z);
  const exponent = (sigmaSec * sigmaSec) / (2 * tauSec * tauSec) - (tSec - centreSec) / tauSec;
  return (area / (2 * tauSec)) * Math.exp(exponent) * erfc(z);
}

/**
 * Samples an EMG on a time axis into a new array (a plain loop: `Float64Array.from` with a mapping function
 * walks the iterator protocol, which cost more than the EMG itself in the fits that call this per iteration).
 */
export function emgCurve(timeSec: ArrayLike<number>, parameters: EmgParameters): Float64Array {
  const curve = new Float64Array(timeSec.length);
  for (let i = 0; i < curve.length; i++) curve[i] = emgValue(timeSec[i] as number, parameters);
  return curve;
}
