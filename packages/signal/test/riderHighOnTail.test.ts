// A rider high on a tail: on a short crowded run (`npm run bench -- crowded`, seed 40: 40 peaks 2.06 W50
// apart, W50 9.2 samples, τ/σ 0.87, a detector's filter), a component 18 high between peaks 75 and 42 high
// rises 0.41 over its valley on the detection signal, twice the quantitation prominence, but at half that
// rise it is 2.4 samples wide against the 2.75 a peak must be: the maxima dropped it as too narrow, and the
// tail riders only looked at rises under the prominence. Read over the tail carried on under it, its height
// and width are a peak's (`tailRiders`; docs/processing.md, "A rider high on a tail").
import { describe, expect, it } from 'vitest';
import { processChromatogram } from '../src/pipeline/processChromatogram.ts';
import { shortCrowdedRun } from '../src/simulation/crowdedRuns.ts';

describe('a rider high on a tail, narrow at half its rise over the valley', () => {
  it('is listed, with its neighbours, and nothing that is no component', () => {
    const run = shortCrowdedRun(40, [2, 4]);
    const result = processChromatogram({ timeSec: run.timeSec, values: run.values }, {});
    const listed = result.peaks.filter((peak) => !peak.belowReportingThreshold && !peak.negative);
    const w50 = run.truth[0]!.widthHalfSec;
    const near = (timeSec: number) =>
      listed.filter((peak) => Math.abs(peak.retentionTimeSec - timeSec) <= w50 / 2);
    // The rider (18 high) and the one 4.5 high after the 60-high peak at 447.5 samples, each once.
    for (const k of [23, 33]) expect(near(run.truth[k]!.retentionTimeSec), `component ${k}`).toHaveLength(1);
    for (const peak of listed) {
      const nearest = Math.min(...run.truth.map((c) => Math.abs(c.retentionTimeSec - peak.retentionTimeSec)));
      expect(nearest, `${peak.retentionTimeSec} s`).toBeLessThanOrEqual(w50 / 2);
    }
  });
});
