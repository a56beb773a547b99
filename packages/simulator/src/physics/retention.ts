// Retention by the linear solvent-strength model, with band migration under a gradient (reference §3).
import type { CompositionProfile } from './gradient.ts';
import type { OrganicSolvent } from './viscosity.ts';

export interface RetentionModel {
  /** log₁₀ k in pure water at 30 °C with acetonitrile as the organic modifier. */
  logKwAcetonitrile: number;
  /** Slope S of log₁₀ k against the acetonitrile fraction. */
  slopeAcetonitrile: number;
  logKwMethanol: number;
  slopeMethanol: number;
  /** Change of log₁₀ k per °C (negative: warmer columns retain less). */
  logKPerDegreeC: number;
}

/** The simulator rejects |log k| above this, like the reference model. */
const MAX_ABS_LOG_K = 12;

/** k = 10^(log kw − S·φ + a·(T − 30)); φ is the organic fraction 0–1. */
export function retentionFactor(
  model: RetentionModel,
  solvent: OrganicSolvent,
  organicFraction: number,
  temperatureC: number,
  retentionScale = 1,
): number {
  const [logKw, slope] =
    solvent === 'acetonitrile'
      ? [model.logKwAcetonitrile, model.slopeAcetonitrile]
      : [model.logKwMethanol, model.slopeMethanol];
  const logK = logKw - slope * organicFraction + model.logKPerDegreeC * (temperatureC - 30);
  const bounded = Math.max(-MAX_ABS_LOG_K, Math.min(MAX_ABS_LOG_K, logK));
  return retentionScale * 10 ** bounded;
}

export interface MigrationInput {
  holdUpTimeSec: number;
  composition: CompositionProfile;
  /** k as a function of %B at the band. */
  retentionFactorAt: (percentB: number) => number;
  /** Give up after this run time: the compound is "not eluted". */
  horizonSec: number;
}

export interface MigrationResult {
  /** Time the band leaves the column, or null when it stays beyond the horizon. */
  elutionTimeSec: number | null;
  /** k at the moment of elution (sets the gradient-compressed width). */
  retentionFactorAtElution: number;
}

/**
 * Integrates dx/dt = 1/(t0·(1 + k(φ))) where φ is the composition at the band: the mobile phase at
 * position x entered the column about x·t0 earlier.
 */
export function migrateBand(input: MigrationInput): MigrationResult {
  const { holdUpTimeSec: t0, composition, retentionFactorAt, horizonSec } = input;
  const stepSec = Math.min(0.5, t0 / 200);
  let position = 0;
  let timeSec = 0;
  let k = retentionFactorAt(composition.percentBAtColumn(0));
  while (timeSec < horizonSec) {
    k = retentionFactorAt(composition.percentBAtColumn(timeSec - position * t0));
    const speed = 1 / (t0 * (1 + k));
    const next = position + speed * stepSec;
    if (next >= 1) {
      return { elutionTimeSec: timeSec + (1 - position) / speed, retentionFactorAtElution: k };
    }
    position = next;
    timeSec += stepSec;
  }
  return { elutionTimeSec: null, retentionFactorAtElution: k };
}
