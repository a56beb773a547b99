// Synthetic signals for the integration-event known answers: EMG components (Gaussian for τ = 0) on a
// linear baseline with seeded Gaussian noise.
import { emgCurve } from '../src/models/emg.ts';
import { seededNormal } from '../src/random/seededRandom.ts';

export interface Component {
  area: number;
  centreSec: number;
  sigmaSec: number;
  tauSec?: number;
}

export interface EventSignal {
  timeSec: Float64Array;
  values: Float64Array;
}

/** Area of a Gaussian of height h and width σ. */
export const gaussianArea = (height: number, sigmaSec: number) => height * sigmaSec * Math.sqrt(2 * Math.PI);

/** Components sampled every `dtSec` over [0, durationSec], plus offset + slope·t and noise of SD `noiseSd`. */
export function eventSignal(
  components: readonly Component[],
  options: { durationSec?: number; dtSec?: number; noiseSd?: number; slope?: number; seed?: number } = {},
): EventSignal {
  const { durationSec = 300, dtSec = 0.5, noiseSd = 0.005, slope = 0, seed = 30 } = options;
  const n = Math.round(durationSec / dtSec) + 1;
  const timeSec = Float64Array.from({ length: n }, (_, i) => i * dtSec);
  const normal = seededNormal(seed);
  const values = Float64Array.from(timeSec, (t) => slope * t + noiseSd * normal());
  for (const component of components) {
    const curve = emgCurve(timeSec, { tauSec: 0, ...component });
    for (let i = 0; i < n; i++) values[i]! += curve[i]!;
  }
  return { timeSec, values };
}

/** A peak of the template preview's example runs: Gaussian before the apex, wider by τ after it. */
interface ExamplePeak {
  retentionSec: number;
  sigmaSec: number;
  tauSec: number;
  height: number;
}

/** The nine peaks of the template preview's "assay" example (apps/web exampleChromatograms.ts). */
const ASSAY_PEAKS: readonly ExamplePeak[] = [
  { retentionSec: 62, sigmaSec: 2.2, tauSec: 0.8, height: 14 },
  { retentionSec: 95, sigmaSec: 2.6, tauSec: 1.2, height: 85 },
  { retentionSec: 104, sigmaSec: 2.8, tauSec: 1.4, height: 42 },
  { retentionSec: 151, sigmaSec: 3.1, tauSec: 1.6, height: 6 },
  { retentionSec: 203, sigmaSec: 3.6, tauSec: 2.2, height: 120 },
  { retentionSec: 262, sigmaSec: 4.1, tauSec: 2.6, height: 5 },
  { retentionSec: 318, sigmaSec: 4.6, tauSec: 3.2, height: 55 },
  { retentionSec: 402, sigmaSec: 5.2, tauSec: 3.6, height: 4 },
  { retentionSec: 455, sigmaSec: 5.5, tauSec: 4.2, height: 28 },
];

const exampleValue = (timeSec: number, peak: ExamplePeak) => {
  const width = timeSec < peak.retentionSec ? peak.sigmaSec : peak.sigmaSec + peak.tauSec;
  const z = (timeSec - peak.retentionSec) / width;
  return peak.height * Math.exp(-0.5 * z * z);
};

/**
 * The template preview's "assay" example exactly as the web app generates it (600 s at 10 Hz, offset 1,
 * drift 0.35 a minute, noise SD 0.12, seed 20,240,611): the run the preview's event faults were seen on.
 */
export function assayExample(): EventSignal {
  const rateHz = 10;
  const count = 600 * rateHz;
  const timeSec = new Float64Array(count);
  const values = new Float64Array(count);
  const normal = seededNormal(20_240_611);
  for (let index = 0; index < count; index++) {
    const time = index / rateHz;
    timeSec[index] = time;
    let value = 1 + (0.35 * time) / 60 + 0.12 * normal();
    for (const peak of ASSAY_PEAKS)
      if (Math.abs(time - peak.retentionSec) <= 12 * peak.sigmaSec + 10 * peak.tauSec)
        value += exampleValue(time, peak);
    values[index] = value;
  }
  return { timeSec, values };
}
