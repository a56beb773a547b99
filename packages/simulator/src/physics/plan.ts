// Plans one injection: where every analyte elutes, how wide and how large its peak is (reference §3–§5, §7).
import { holdUpTimeSec, type ColumnSpec } from './column.ts';
import { responseAtWavelength, type Compound } from './compound.ts';
import {
  columnComposition,
  defaultDwellVolume,
  type CompositionProfile,
  type DwellVolume,
  type GradientPoint,
} from './gradient.ts';
import { diffusionCoefficientCm2PerSec, plateCount, peakSigmaSec } from './plates.ts';
import { gaussian, mulberry32 } from './random.ts';
import { migrateBand, retentionFactor } from './retention.ts';
import { mobilePhaseViscosityCp, type OrganicSolvent } from './viscosity.ts';

export interface RunMethod {
  flowMlPerMin: number;
  runTimeMin: number;
  temperatureC: number;
  injectionUl: number;
  gradient: GradientPoint[];
  organicSolvent: OrganicSolvent;
  wavelengthNm: number;
  dataRateHz: number;
  detectorTimeConstantSec: number;
}

interface SampleAnalyte {
  compound: Compound;
  concentrationUgPerMl: number;
}

export interface SampleComposition {
  name: string;
  kind: 'sample' | 'standard' | 'blank';
  analytes: SampleAnalyte[];
}

interface PlannedPeak {
  name: string;
  amountNg: number;
  /** Gaussian centre of the EMG in seconds after injection. */
  centerSec: number;
  sigmaSec: number;
  tauSec: number;
  areaMauSec: number;
  plates: number;
}

export interface RunPlan {
  method: RunMethod;
  column: ColumnSpec;
  durationSec: number;
  holdUpTimeSec: number;
  composition: CompositionProfile;
  peaks: PlannedPeak[];
  notEluted: string[];
  /** Seeds the detector and pressure noise of this injection. */
  noiseSeed: number;
}

export interface PlanInput {
  method: RunMethod;
  column: ColumnSpec;
  sample: SampleComposition;
  /** Same seed, same injection: identical peaks and noise. */
  seed: number;
  dwell?: DwellVolume;
  /** Connecting tubing volume between injector, column and detector, mL. @default 0.015 */
  extraColumnVolumeMl?: number;
}

/** Replicate precision of reference §7: retention time 0.15 % RSD, area 0.3 % RSD. */
const RETENTION_JITTER_RSD = 0.0015;
const AREA_JITTER_RSD = 0.003;

export function planRun(input: PlanInput): RunPlan {
  const { method, column, sample } = input;
  const dwell = input.dwell ?? defaultDwellVolume;
  const durationSec = method.runTimeMin * 60;
  const t0 = holdUpTimeSec(column, method.flowMlPerMin);
  const tubingSec = ((input.extraColumnVolumeMl ?? 0.015) / method.flowMlPerMin) * 60;
  const composition = columnComposition(method.gradient, method.flowMlPerMin, dwell, durationSec * 3);
  const isocratic = method.gradient.every((point) => point.percentB === method.gradient[0]?.percentB);
  const random = mulberry32(input.seed);
  const normal = gaussian(random);
  const injectionPlugSec = (method.injectionUl / 1000 / method.flowMlPerMin) * 60;

  const peaks: PlannedPeak[] = [];
  const notEluted: string[] = [];
  for (const analyte of sample.analytes) {
    const { compound } = analyte;
    const retentionJitter = 1 + RETENTION_JITTER_RSD * normal();
    const areaJitter = 1 + AREA_JITTER_RSD * normal();
    const kAt = (percentB: number) =>
      retentionFactor(
        compound.retention,
        method.organicSolvent,
        percentB / 100,
        method.temperatureC,
        column.retentionScale,
      );
    const migration = migrateBand({
      holdUpTimeSec: t0,
      composition,
      retentionFactorAt: kAt,
      horizonSec: durationSec * 3,
    });
    if (migration.elutionTimeSec === null) {
      notEluted.push(compound.name);
      continue;
    }
    const elutionFraction = kAtElutionFraction(composition, migration.elutionTimeSec - t0);
    const viscosity = mobilePhaseViscosityCp(method.organicSolvent, elutionFraction, method.temperatureC);
    const diffusion = diffusionCoefficientCm2PerSec(
      method.organicSolvent,
      elutionFraction,
      method.temperatureC,
      viscosity,
      compound.molarVolumeCm3PerMol,
    );
    const plates = plateCount(column, method.flowMlPerMin, diffusion);
    const sigmaSec = peakSigmaSec({
      holdUpTimeSec: t0,
      retentionFactorAtElution: migration.retentionFactorAtElution,
      plates,
      injectionPlugSec,
      isocratic,
      detectorTimeConstantSec: method.detectorTimeConstantSec,
    });
    const amountNg = analyte.concentrationUgPerMl * method.injectionUl;
    peaks.push({
      name: compound.name,
      amountNg,
      centerSec: (migration.elutionTimeSec + tubingSec) * retentionJitter,
      sigmaSec,
      tauSec: compound.tailingRatio * sigmaSec,
      areaMauSec: responseAtWavelength(compound, method.wavelengthNm) * amountNg * areaJitter,
      plates,
    });
  }
  return {
    method,
    column,
    durationSec,
    holdUpTimeSec: t0,
    composition,
    peaks,
    notEluted,
    noiseSeed: (input.seed ^ 0x9e3779b9) >>> 0,
  };
}

/** Organic fraction the band saw as it left the column. */
function kAtElutionFraction(composition: CompositionProfile, inletTimeSec: number): number {
  return composition.percentBAtColumn(inletTimeSec) / 100;
}
