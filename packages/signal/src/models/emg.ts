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
 * EMG value at time t in its numerically stable form (processing.md §5.1): erfcx where z ≥ 0, the
 * original form where z < 0; exactly Gaussian only for τ = 0.
 */
export function emgValue(tSec: number, parameters: EmgParameters): number {
  const { area, centreSec, sigmaSec, tauSec } = parameters;
  const x = (tSec - centreSec) / sigmaSec;
  if (tauSec <= 0) return (area / (sigmaSec * SQRT_2PI)) * Math.exp(-0.5 * x * x);
  const z = (sigmaSec / tauSec - x) / Math.SQRT2;
  if (z >= 0) return (area / (2 * tauSec)) * Math.exp(-0.5 * x * x) * erfcx(z);
  const exponent = (sigmaSec * sigmaSec) / (2 * tauSec * tauSec) - (tSec - centreSec) / tauSec;
  return (area / (2 * tauSec)) * Math.exp(exponent) * erfc(z);
}

/** Samples an EMG on a time axis into a new array. */
export function emgCurve(timeSec: ArrayLike<number>, parameters: EmgParameters): Float64Array {
  return Float64Array.from({ length: timeSec.length }, (_, i) => emgValue(timeSec[i] as number, parameters));
}
