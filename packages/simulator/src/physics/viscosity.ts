// Viscosity of water/organic mixtures (reference §2.2): drives pressure and diffusion.

export type OrganicSolvent = 'acetonitrile' | 'methanol';

/**
 * Mobile-phase viscosity in cP (mPa·s) for an organic volume fraction 0–1 at a temperature in °C.
 * @example mobilePhaseViscosityCp('acetonitrile', 0.5, 30) // ≈ 0.71
 */
export function mobilePhaseViscosityCp(
  solvent: OrganicSolvent,
  organicFraction: number,
  temperatureC: number,
): number {
  const phi = Math.min(1, Math.max(0, organicFraction));
  const kelvin = temperatureC + 273.15;
  const logViscosity =
    solvent === 'acetonitrile'
      ? phi * (-3.476 + 726 / kelvin) +
        (1 - phi) * (-5.414 + 1566 / kelvin) +
        phi * (1 - phi) * (-1.762 + 929 / kelvin)
      : phi * (-4.597 + 1211 / kelvin) +
        (1 - phi) * (-5.961 + 1736 / kelvin) +
        phi * (1 - phi) * (-6.215 + 2809 / kelvin);
  return Math.exp(logViscosity);
}
