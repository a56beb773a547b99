// The detector's baseline and noise chain (reference §6): offset, drift, gradient term, wander, white noise
// through a first-order filter, saturation and quantisation.
import { gaussian, mulberry32 } from './random.ts';

export interface DetectorNoiseOptions {
  seed: number;
  dataRateHz: number;
  timeConstantSec: number;
  wavelengthNm: number;
  /** Peak-to-peak short-term noise at τ = 0.1 s, mAU. @default 0.03 */
  noisePeakToPeakMau?: number;
  /** Linear drift, mAU per hour. @default 0.5 */
  driftMauPerHour?: number;
}

/** Filtered samples are computed at this multiple of the data rate, then decimated. */
const OVERSAMPLING = 4;
const LINEAR_LIMIT_MAU = 1500;
const QUANTUM_MAU = 5000 / 2 ** 24;

export interface BaselineGenerator {
  /** Baseline plus noise at the next output point; call once per point, in order. */
  next(timeSec: number, percentB: number): number;
}

export function createBaseline(options: DetectorNoiseOptions): BaselineGenerator {
  const random = mulberry32(options.seed);
  const normal = gaussian(random);
  const offsetMau = random() * 2;
  const driftMauPerSec = (options.driftMauPerHour ?? 0.5) / 3600;
  // Gradient baselines rise with %B at low wavelengths and are flat by 254 nm.
  const gradientMauPerPercentB = 0.06 * Math.exp(-Math.max(0, options.wavelengthNm - 210) / 15);
  const timeConstantSec = Math.max(0.005, options.timeConstantSec);
  const nativeStepSec = 1 / (options.dataRateHz * OVERSAMPLING);
  const filterGain = 1 - Math.exp(-nativeStepSec / timeConstantSec);
  // Noise grows as the filter shortens (∝ 1/√τ); 6σ is the usual peak-to-peak.
  const outputSigma = ((options.noisePeakToPeakMau ?? 0.03) / 6) * Math.sqrt(0.1 / timeConstantSec);
  const rawSigma = outputSigma * Math.sqrt((2 - filterGain) / filterGain);
  let filtered = 0;
  let wander = 0;
  return {
    next(timeSec, percentB) {
      for (let step = 0; step < OVERSAMPLING; step++) {
        filtered += filterGain * (rawSigma * normal() - filtered);
      }
      // Slow wander: a random walk pulled back towards zero so it never runs away.
      wander = wander * 0.999 + 0.0008 * normal();
      return offsetMau + driftMauPerSec * timeSec + gradientMauPerPercentB * percentB + wander + filtered;
    },
  };
}

/** Compresses above the linear range (a real detector saturates near 2.5 AU) and quantises to 24 bits. */
export function detectorResponse(valueMau: number): number {
  let value = valueMau;
  if (value > LINEAR_LIMIT_MAU) {
    const excess = value - LINEAR_LIMIT_MAU;
    value = LINEAR_LIMIT_MAU + excess / (1 + excess / 1000);
  }
  return Math.round(value / QUANTUM_MAU) * QUANTUM_MAU;
}
