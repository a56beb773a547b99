import { describe, expect, it } from 'vitest';
import { processChromatogram } from '../src/pipeline/processChromatogram.ts';
import { seededRandom } from '../src/random/seededRandom.ts';
import { simulateChromatogram } from '../src/simulation/simulateChromatogram.ts';

const NOISE_SD = 0.05;

/**
 * 40 EMGs 2–4 W50 apart from 4 σ after the run's start to its end (σ 2 s at 0.5 s a point, τ 1 s), heights
 * S/N 30–3,000 on noise of SD 0.05, white or through a detector's filter of 1 s: no window of 5 W50 and no
 * gap between the peaks is baseline.
 */
function noBaselineRun(seed: number, filtered: boolean) {
  const random = seededRandom(seed);
  const sigmaSec = 2;
  const w50 = 2.355 * sigmaSec;
  let centre = 4 * sigmaSec;
  const components = Array.from({ length: 40 }, () => {
    const component = {
      centreSec: centre,
      sigmaSec,
      tauSec: 1,
      height: NOISE_SD * 10 ** (1.5 + 2 * random()),
    };
    centre += w50 * (2 + 2 * random());
    return component;
  });
  return simulateChromatogram({
    points: Math.ceil((centre + 4 * sigmaSec) / 0.5),
    stepSec: 0.5,
    noiseSd: NOISE_SD,
    seed,
    components,
    ...(filtered ? { detectorTimeConstantSec: 1 } : {}),
  });
}

function recall(seed: number, filtered: boolean) {
  const { timeSec, values, truth } = noBaselineRun(seed, filtered);
  const result = processChromatogram({ timeSec, values }, {});
  const listed = result.peaks.filter((peak) => !peak.negative && !peak.belowReportingThreshold);
  const found = truth.filter((component) =>
    listed.some(
      (peak) => Math.abs(peak.retentionTimeSec - component.retentionTimeSec) <= component.widthHalfSec / 2,
    ),
  ).length;
  return { found, truth: truth.length, listed: listed.length, detection: result.detection! };
}

describe('a run with no baseline left: the noise from the white-noise floor', () => {
  it('lists the peaks of a run whose every gap holds one, white noise or filtered, with no extra', () => {
    // The first estimate read 30–200 × the noise and listed 1–14 of 40; the gap pass had no baseline to read.
    for (const filtered of [false, true]) {
      for (const seed of [1, 2, 3]) {
        const { found, truth, listed, detection } = recall(seed, filtered);
        const label = `seed ${seed}${filtered ? ' filtered' : ''}`;
        expect(found / truth, label).toBeGreaterThanOrEqual(0.9);
        expect(listed, label).toBe(found);
        expect(detection.noiseFromDifferences, label).toBe(true);
        expect(detection.noiseSd / NOISE_SD, label).toBeGreaterThan(filtered ? 0.3 : 0.8);
        expect(detection.noiseSd / NOISE_SD, label).toBeLessThan(1.2);
      }
    }
  });

  it('a run with baseline between its peaks keeps the noise read there', () => {
    const random = seededRandom(7);
    const components = Array.from({ length: 12 }, (_, k) => ({
      centreSec: 60 + 50 * k + 10 * random(),
      sigmaSec: 2,
      tauSec: 1,
      height: NOISE_SD * 10 ** (1.5 + 2 * random()),
    }));
    const run = simulateChromatogram({ points: 1400, stepSec: 0.5, noiseSd: NOISE_SD, seed: 7, components });
    const detection = processChromatogram(run, {}).detection!;
    expect(detection.noiseFromDifferences).toBeUndefined();
  });
});
