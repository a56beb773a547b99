import { describe, expect, it } from 'vitest';
import { simulateChromatogram } from '../simulation/simulateChromatogram.ts';
import { lessRunDrift, runDriftPerSec } from './runDrift.ts';

/** Three Gaussians, 10–100 high, on white noise of SD 0.05, 0.5 s a point. */
const spec = {
  points: 1200,
  stepSec: 0.5,
  noiseSd: 0.05,
  seed: 7,
  components: [
    { centreSec: 100, sigmaSec: 2, tauSec: 0, height: 100 },
    { centreSec: 250, sigmaSec: 3, tauSec: 1, height: 10 },
    { centreSec: 420, sigmaSec: 2.5, tauSec: 0, height: 40 },
  ],
};
const withDrift = (values: Float64Array, timeSec: Float64Array, perSec: number) =>
  values.map((v, i) => v + perSec * timeSec[i]!);

describe('runDriftPerSec: the drift through the quiet windows', () => {
  it('reads a drift under peaks from the baseline between them, within half a per cent', () => {
    const { timeSec, values } = simulateChromatogram({ ...spec, driftPerSec: 0.05 });
    expect(runDriftPerSec(timeSec, values, 40) / 0.05 - 1).toBeCloseTo(0, 2);
  });

  it('moves by exactly the drift added, whatever its size or sign', () => {
    const { timeSec, values } = simulateChromatogram(spec);
    const own = runDriftPerSec(timeSec, values, 40);
    for (const d of [-3, -1e-3, 1e-6, 0.2, 50]) {
      expect(runDriftPerSec(timeSec, withDrift(values, timeSec, d), 40) - own).toBeCloseTo(d, 9);
    }
  });

  it('reads a baseline step as no drift (each quiet window with the next, not every two)', () => {
    // A step of 5 (100 noise SDs) at 340 s: the slopes between every two windows put the median at 0.026 a
    // second (a tenth of the threshold below); between neighbours, one pair holds the step.
    const { timeSec, values } = simulateChromatogram({ ...spec, steps: [{ atSec: 340, size: 5 }] });
    expect(Math.abs(runDriftPerSec(timeSec, values, 40))).toBeLessThan(2e-4);
  });
});

describe('lessRunDrift: the run less its drift line when the drift can move a peak', () => {
  it('gives back the same signal whatever linear drift above the threshold is added', () => {
    const { timeSec, values } = simulateChromatogram(spec);
    // The threshold here is about 0.26 a second (below); drifts from 4 to 20 times it, either sign.
    const reference = lessRunDrift(timeSec, withDrift(values, timeSec, 1)).values;
    for (const d of [-5, -2, 3]) {
      const corrected = lessRunDrift(timeSec, withDrift(values, timeSec, d));
      expect(corrected.removedPerSec).not.toBe(0);
      corrected.values.forEach((v, i) => expect(v).toBeCloseTo(reference[i]!, 6));
    }
  });

  it('leaves a drift that moves the baseline by less than 5 h over a peak width in the signal', () => {
    // h ≈ 0.25 here and the narrow-end W50 9.4 samples of 0.5 s: the threshold is about 0.26 a second.
    const { timeSec, values } = simulateChromatogram({ ...spec, driftPerSec: 0.01 });
    const result = lessRunDrift(timeSec, values);
    expect(result.removedPerSec).toBe(0);
    expect(result.values).toBe(values);
  });
});

describe('lessRunDrift on a crowded run: h read in the windows the drift is read on', () => {
  it('takes out a drift of 1 % of the largest peak a minute where most windows hold a peak', () => {
    // 30 peaks 200–3000 high, 14 s apart over 430 s of a 560 s run: the first estimate's lower quartile of
    // 5 W50 windows reads 27 (540 × the noise), so 5 h over a W50 was 22 × the drift's 2.8 and the drift stayed.
    const crowded = {
      points: 1400,
      stepSec: 0.4,
      noiseSd: 0.05,
      seed: 5,
      components: Array.from({ length: 30 }, (_, k) => ({
        centreSec: 20 + 14 * k,
        sigmaSec: 2,
        tauSec: 1,
        height: 200 + (2800 * ((k * 37) % 11)) / 10,
      })),
    };
    const { timeSec, values } = simulateChromatogram({ ...crowded, driftPerSec: 0.5 });
    expect(lessRunDrift(timeSec, values).removedPerSec).toBeCloseTo(0.5, 2);
    const own = simulateChromatogram(crowded);
    expect(lessRunDrift(own.timeSec, own.values).removedPerSec).toBe(0);
  });
});
