// What the simulator needs to know about an analyte: retention, diffusion and UV response.
import type { RetentionModel } from './retention.ts';

export interface Compound {
  name: string;
  retention: RetentionModel;
  /** Solute molar volume V_A for Wilke–Chang, cm³/mol. */
  molarVolumeCm3PerMol: number;
  /** Peak area per injected nanogram at the absorbance maximum, mAU·s/ng. */
  responseMauSecPerNg: number;
  /** Wavelength of the absorbance maximum, nm. */
  absorbanceMaxNm: number;
  /** Tail of the peak as τ/σ (0.1–0.5 for a good column). @default 0.25 */
  tailingRatio: number;
}

/** Response at a detection wavelength: a broad band around the maximum over a small constant floor. */
export function responseAtWavelength(compound: Compound, wavelengthNm: number): number {
  const band = Math.exp(-(((wavelengthNm - compound.absorbanceMaxNm) / 45) ** 2));
  return compound.responseMauSecPerNg * (0.12 + 0.88 * band);
}
