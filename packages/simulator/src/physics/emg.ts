// Exponentially modified Gaussian peaks (reference §5), evaluated without overflow on either side.

/** erfc(x)·exp(x²) for x ≥ 0 (Numerical Recipes erfcc form, relative error < 1.2e-7). */
function scaledErfcNonNegative(x: number): number {
  const t = 1 / (1 + 0.5 * x);
  const polynomial =
    -1.26551223 +
    t *
      (1.00002368 +
        t *
          (0.37409196 +
            t *
              (0.09678418 +
                t *
                  (-0.18628806 +
                    t *
                      (0.27886807 +
                        t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277))))))));
  return t * Math.exp(polynomial);
}

/** Complementary error function. */
export function erfc(x: number): number {
  if (x >= 0) return scaledErfcNonNegative(x) * Math.exp(-x * x);
  return 2 - scaledErfcNonNegative(-x) * Math.exp(-x * x);
}

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
    return (
      (area / (2 * tauSec)) *
      Math.exp((-offset * offset) / (2 * sigmaSec * sigmaSec)) *
      scaledErfcNonNegative(z)
    );
  }
  const exponent = (sigmaSec * sigmaSec) / (2 * tauSec * tauSec) - offset / tauSec;
  return (area / (2 * tauSec)) * Math.exp(exponent) * erfc(z);
}
