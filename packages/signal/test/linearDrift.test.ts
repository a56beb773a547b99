// A linear drift changes no chemistry: the automatic integration keeps the peaks and their shares under
// one (docs/processing.md, "Linear drift"). Known answers, then the property over generated runs (seeded).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Peak } from '../src/figures/peak.ts';
import { lessRunDrift } from '../src/baseline/runDrift.ts';
import { processChromatogram } from '../src/pipeline/processChromatogram.ts';
import { simulateChromatogram } from '../src/simulation/simulateChromatogram.ts';
import { resolvedRun, uniform } from './chromatogramArbitrary.ts';

const reported = (timeSec: Float64Array, values: Float64Array) =>
  processChromatogram({ timeSec, values }, {}).peaks.filter((p) => !p.belowReportingThreshold && !p.negative);

/** The drift of `percentPerMin` % of the largest height a minute added to the run. */
function drifted(timeSec: Float64Array, values: Float64Array, largest: number, percentPerMin: number) {
  const perSec = (percentPerMin / 100) * (largest / 60);
  return values.map((v, i) => v + perSec * (timeSec[i]! - timeSec[0]!));
}

function expectSamePeaks(before: readonly Peak[], after: readonly Peak[], shareTolerancePct: number) {
  const list = (peaks: readonly Peak[]) => peaks.map((p) => p.retentionTimeSec.toFixed(2)).join(', ');
  expect(after, `${list(before)} against ${list(after)}`).toHaveLength(before.length);
  before.forEach((peak, k) => {
    const other = after[k]!;
    expect(Math.abs(other.retentionTimeSec - peak.retentionTimeSec)).toBeLessThanOrEqual(
      (peak.widthHalfSec ?? 0) / 4,
    );
    expect(Math.abs(other.areaPercent - peak.areaPercent)).toBeLessThanOrEqual(
      (shareTolerancePct / 100) * peak.areaPercent + 1e-9,
    );
  });
}

describe('automatic integration under a linear drift', () => {
  it('keeps a small late peak’s share under a drift of 1 % of the main peak a minute (11 % off before)', () => {
    // A 1000-high peak and a 3-high one 10 minutes later on noise of SD 0.01: the drift climbs 1.7 over
    // the small peak's 10 s base, more than half its height.
    const spec = {
      points: 9000,
      stepSec: 0.1,
      noiseSd: 0.01,
      seed: 11,
      components: [
        { centreSec: 120, sigmaSec: 3, tauSec: 1, height: 1000 },
        { centreSec: 720, sigmaSec: 2, tauSec: 0, height: 3 },
      ],
    };
    const { timeSec, values } = simulateChromatogram(spec);
    const before = reported(timeSec, values);
    expect(before.map((p) => Math.round(p.retentionTimeSec))).toEqual([121, 720]);
    expectSamePeaks(before, reported(timeSec, drifted(timeSec, values, 1000, 1)), 1);
  });

  it('reports the run’s drift as recorded, and the peak baselines on the signal as recorded', () => {
    const { timeSec, values } = simulateChromatogram({
      points: 9000,
      stepSec: 0.1,
      noiseSd: 0.01,
      seed: 11,
      components: [{ centreSec: 120, sigmaSec: 3, tauSec: 1, height: 1000 }],
    });
    const perSec = (0.01 * 1000) / 60;
    const flat = processChromatogram({ timeSec, values }, {});
    const result = processChromatogram({ timeSec, values: drifted(timeSec, values, 1000, 1) }, {});
    expect(lessRunDrift(timeSec, drifted(timeSec, values, 1000, 1)).removedPerSec).not.toBe(0);
    expect(result.noise!.driftPerSec - flat.noise!.driftPerSec).toBeCloseTo(perSec, 4);
    const [peak] = result.peaks;
    const [unchanged] = flat.peaks;
    expect(peak!.baselineStartValue - unchanged!.baselineStartValue).toBeCloseTo(perSec * peak!.startSec, 2);
    expect(peak!.baselineEndValue - unchanged!.baselineEndValue).toBeCloseTo(perSec * peak!.endSec, 2);
  });

  it('keeps the peaks and their shares under any drift of 0.5–20 % of the largest a minute over 5 h per W50', () => {
    fc.assert(
      fc.property(
        resolvedRun({ baseline: false }),
        uniform(0.5, 20),
        fc.boolean(),
        (spec, percent, falling) => {
          const { timeSec, values } = simulateChromatogram(spec);
          const largest = Math.max(...spec.components.map((c) => c.height));
          const changed = drifted(timeSec, values, largest, falling ? -percent : percent);
          // A smaller drift is left in the signal (docs/processing.md, "Linear drift": what it still moves).
          fc.pre(lessRunDrift(timeSec, changed).removedPerSec !== 0);
          expectSamePeaks(reported(timeSec, values), reported(timeSec, changed), 1);
        },
      ),
      { seed: 3001, numRuns: 30, endOnFailure: true },
    );
  });
});
