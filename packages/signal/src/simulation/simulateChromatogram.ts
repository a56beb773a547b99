import { emgValue } from '../models/emg.ts';
import { seededNormal } from '../random/seededRandom.ts';

/** One true component of a simulated chromatogram: an EMG given by its apex height (signed for a dip). */
export interface SimulatedComponent {
  /** Gaussian centre (s). */
  centreSec: number;
  sigmaSec: number;
  /** Exponential time constant (s); 0 for a Gaussian; negative for a fronting peak (the mirror image). */
  tauSec: number;
  /** Height of the apex above the baseline (negative for a dip). */
  height: number;
}

/** A simulated run: its grid, its components and what is added under them. */
export interface SimulationSpec {
  points: number;
  stepSec: number;
  startSec?: number;
  components: readonly SimulatedComponent[];
  /** Standard deviation of white noise. @default 0 */
  noiseSd?: number;
  /** Baseline offset and drift per second. @default 0 */
  offset?: number;
  driftPerSec?: number;
  /**
   * Baseline wander (instrument physics §6, a low-pass filtered random walk): an Ornstein–Uhlenbeck
   * process of this SD and correlation time (s), drawn from its own seed, starting settled.
   */
  wander?: { sd: number; timeSec: number; seed: number };
  /** A pump's pulsation (instrument physics §6): a sinusoid of this amplitude and period (s). */
  pulsation?: { amplitude: number; periodSec: number };
  /** Spikes (§6: bubbles, electrical): the one sample nearest `atSec` moves by `size`. */
  spikes?: readonly { atSec: number; size: number }[];
  /** Baseline steps: from `atSec` on the baseline is higher by `size`. */
  steps?: readonly { atSec: number; size: number }[];
  /** Detector saturation: no sample exceeds this level (a clipped top). */
  clipAt?: number | null;
  /** Seed of the noise. @default 1 */
  seed?: number;
  /**
   * A detector's noise chain (docs/processing.md, "Detector noise"): the white noise drawn at `oversample`
   * times the data rate passes a first-order RC filter of this time constant (s) and is then read at the
   * data rate, its SD still `noiseSd`. Absent: white noise at the data rate.
   */
  detectorTimeConstantSec?: number;
  /** Internal samples per data point of the detector chain. @default 8 */
  oversample?: number;
  /** ADC step: every sample is rounded to a multiple of it. Absent: no rounding. */
  quantum?: number;
}

/** One component's truth: the area and apex of its own noise-free curve over the true baseline. */
export interface ComponentTruth extends SimulatedComponent {
  area: number;
  retentionTimeSec: number;
  widthHalfSec: number;
}

export interface SimulatedChromatogram {
  timeSec: Float64Array;
  values: Float64Array;
  truth: ComponentTruth[];
}

const UNIT_AREA_GRID = 4000;

/** Apex height, apex time and W50 of an EMG of unit area (found on a fine grid around it). */
function unitShape(sigmaSec: number, tauSec: number): { height: number; apexOffsetSec: number; w50: number } {
  const parameters = { area: 1, centreSec: 0, sigmaSec, tauSec };
  const from = -6 * sigmaSec;
  const to = 6 * sigmaSec + 12 * tauSec;
  const dt = (to - from) / UNIT_AREA_GRID;
  let height = 0;
  let apex = 0;
  const ys = new Float64Array(UNIT_AREA_GRID + 1);
  for (let i = 0; i <= UNIT_AREA_GRID; i++) {
    ys[i] = emgValue(from + i * dt, parameters);
    if (ys[i]! > height) {
      height = ys[i]!;
      apex = i;
    }
  }
  let left = apex;
  let right = apex;
  while (left > 0 && ys[left]! > height / 2) left--;
  while (right < UNIT_AREA_GRID && ys[right]! > height / 2) right++;
  return { height, apexOffsetSec: from + apex * dt, w50: (right - left) * dt };
}

/**
 * A seeded synthetic chromatogram with known truth: EMG components given by height, white noise, offset,
 * linear drift, baseline steps and an optional saturation level. Pure and reproducible.
 */
export function simulateChromatogram(spec: SimulationSpec): SimulatedChromatogram {
  const start = spec.startSec ?? 0;
  const timeSec = Float64Array.from({ length: spec.points }, (_, i) => start + i * spec.stepSec);
  const values = new Float64Array(spec.points);
  const truth: ComponentTruth[] = spec.components.map((component) => {
    const fronting = component.tauSec < 0;
    const shape = unitShape(component.sigmaSec, Math.abs(component.tauSec));
    const area = component.height / shape.height;
    const parameters = {
      area,
      centreSec: component.centreSec,
      sigmaSec: component.sigmaSec,
      tauSec: Math.abs(component.tauSec),
    };
    const centre = component.centreSec;
    for (let i = 0; i < spec.points; i++) {
      values[i]! += emgValue(fronting ? 2 * centre - timeSec[i]! : timeSec[i]!, parameters);
    }
    return {
      ...component,
      area,
      retentionTimeSec: centre + (fronting ? -shape.apexOffsetSec : shape.apexOffsetSec),
      widthHalfSec: shape.w50,
    };
  });
  const noise = noiseSource(spec);
  const wanderNormal = seededNormal(spec.wander?.seed ?? 1);
  const rho = spec.wander ? Math.exp(-spec.stepSec / spec.wander.timeSec) : 0;
  let wander = spec.wander ? spec.wander.sd * wanderNormal() : 0;
  for (let i = 0; i < spec.points; i++) {
    const t = timeSec[i]!;
    let base = (spec.offset ?? 0) + (spec.driftPerSec ?? 0) * (t - start);
    for (const step of spec.steps ?? []) if (t >= step.atSec) base += step.size;
    if (spec.wander) {
      wander = rho * wander + spec.wander.sd * Math.sqrt(1 - rho * rho) * wanderNormal();
      base += wander;
    }
    if (spec.pulsation) {
      base += spec.pulsation.amplitude * Math.sin((2 * Math.PI * (t - start)) / spec.pulsation.periodSec);
    }
    let y = values[i]! + base + noise();
    if (spec.clipAt != null) y = Math.min(y, spec.clipAt);
    if (spec.quantum) y = Math.round(y / spec.quantum) * spec.quantum;
    values[i] = y;
  }
  for (const spike of spec.spikes ?? []) {
    const i = Math.round((spike.atSec - start) / spec.stepSec);
    if (i >= 0 && i < spec.points) values[i]! += spike.size;
  }
  return { timeSec, values, truth };
}

/**
 * The noise of each data point in turn: white noise of `noiseSd`, or the detector chain's (instrument
 * physics, §6: white noise at the native rate, a first-order RC filter y ← y + a (x − y) with
 * a = 1 − exp(−Δt_native / τ), read at the data rate). The filter's stationary variance is a / (2 − a) of
 * its input's, so the input is scaled to leave `noiseSd` at the output; the filter starts settled.
 */
function noiseSource(spec: SimulationSpec): () => number {
  const normal = seededNormal(spec.seed ?? 1);
  const sd = spec.noiseSd ?? 0;
  const tau = spec.detectorTimeConstantSec;
  if (!tau || !(tau > 0)) return () => sd * normal();
  const oversample = Math.max(1, Math.round(spec.oversample ?? 8));
  const a = 1 - Math.exp(-spec.stepSec / oversample / tau);
  const inputSd = sd * Math.sqrt((2 - a) / a);
  let y = sd * normal();
  return () => {
    for (let k = 0; k < oversample; k++) y += a * (inputSd * normal() - y);
    return y;
  };
}
