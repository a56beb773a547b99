// Helpers of the tests that process seeded synthetic runs with the automatic default and score them against
// their truth (generalization.test.ts, heldOutRules.test.ts, noBaselineLeft.test.ts, floorSeededGaps.test.ts).
import type { Peak } from '../src/figures/peak.ts';
import { processChromatogram } from '../src/pipeline/processChromatogram.ts';
import type { SimulatedChromatogram } from '../src/simulation/simulateChromatogram.ts';

/** The automatic default: no template at all. */
export function process(run: { timeSec: Float64Array; values: Float64Array }) {
  return processChromatogram(run, {});
}

/** The reported peak nearest each true component (within half its W50), or undefined. */
export function nearest(
  peaks: readonly Peak[],
  truth: SimulatedChromatogram['truth'][number],
): Peak | undefined {
  return peaks
    .filter((p) => Math.abs(p.retentionTimeSec - truth.retentionTimeSec) <= truth.widthHalfSec / 2)
    .sort(
      (a, b) =>
        Math.abs(a.retentionTimeSec - truth.retentionTimeSec) -
        Math.abs(b.retentionTimeSec - truth.retentionTimeSec),
    )[0];
}

/** EMG components of one σ from [centre (s), τ (s), height] rows. */
export function emgs(sigmaSec: number, rows: readonly (readonly [number, number, number])[]) {
  return rows.map(([centreSec, tauSec, height]) => ({ centreSec, sigmaSec, tauSec, height }));
}

/** |value / reference − 1| in per cent. */
export function percentOff(value: number, reference: number): number {
  return 100 * Math.abs(value / reference - 1);
}

/**
 * The reported peaks (positive, at or above the reporting threshold) and how many true components one of them
 * lies within half the component's W50 of.
 */
export function listedAndFound(
  truth: SimulatedChromatogram['truth'],
  peaks: readonly Peak[],
): { listed: number; found: number } {
  const listed = peaks.filter((peak) => !peak.negative && !peak.belowReportingThreshold);
  const found = truth.filter((component) =>
    listed.some(
      (peak) => Math.abs(peak.retentionTimeSec - component.retentionTimeSec) <= component.widthHalfSec / 2,
    ),
  ).length;
  return { listed: listed.length, found };
}
