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
