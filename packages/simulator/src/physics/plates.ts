// Plate count and band broadening (reference §4): Knox reduced plate height with Wilke–Chang diffusion.
import { crossSectionCm2, type ColumnSpec } from './column.ts';
import type { OrganicSolvent } from './viscosity.ts';

export interface KnoxCoefficients {
  a: number;
  b: number;
  c: number;
}

const defaultKnox: KnoxCoefficients = { a: 1, b: 5, c: 0.05 };

/** Wilke–Chang diffusion coefficient in cm²/s for a solute of molar volume V_A (cm³/mol). */
export function diffusionCoefficientCm2PerSec(
  solvent: OrganicSolvent,
  organicFraction: number,
  temperatureC: number,
  viscosityCp: number,
  molarVolumeCm3PerMol: number,
): number {
  const association = 2.6 * (1 - organicFraction) + 1.9 * organicFraction;
  const organicMolarMass = solvent === 'acetonitrile' ? 41 : 32;
  const molarMass = 18 * (1 - organicFraction) + organicMolarMass * organicFraction;
  const kelvin = temperatureC + 273.15;
  return (7.4e-8 * Math.sqrt(association * molarMass) * kelvin) / (viscosityCp * molarVolumeCm3PerMol ** 0.6);
}

/** N = L / (h·d_p) with h = A + B/ν + C·ν and ν = d_p·u_e/D_m. */
export function plateCount(
  column: ColumnSpec,
  flowMlPerMin: number,
  diffusionCm2PerSec: number,
  knox: KnoxCoefficients = defaultKnox,
): number {
  const superficialCmPerSec = flowMlPerMin / 60 / crossSectionCm2(column);
  const interstitialCmPerSec = superficialCmPerSec / column.interparticlePorosity;
  const particleCm = column.particleSizeUm * 1e-4;
  const reducedVelocity = (particleCm * interstitialCmPerSec) / diffusionCm2PerSec;
  const reducedHeight = knox.a + knox.b / reducedVelocity + knox.c * reducedVelocity;
  return column.lengthMm / 10 / (reducedHeight * particleCm);
}

export interface PeakWidthInput {
  holdUpTimeSec: number;
  retentionFactorAtElution: number;
  plates: number;
  /** Injected plug in seconds (V_inj/F); counted in isocratic runs only, gradients focus the band. */
  injectionPlugSec: number;
  isocratic: boolean;
  detectorTimeConstantSec: number;
}

/** σ of a peak in seconds: column (gradient-compressed), injection plug and detector variances added. */
export function peakSigmaSec(input: PeakWidthInput): number {
  const column = (input.holdUpTimeSec * (1 + input.retentionFactorAtElution)) / Math.sqrt(input.plates);
  const injection = input.isocratic ? input.injectionPlugSec ** 2 / 12 : 0;
  return Math.sqrt(column * column + injection + input.detectorTimeConstantSec ** 2);
}
