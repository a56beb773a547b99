import { describe, expect, it } from 'vitest';
import type { Peak } from '../figures/peak.ts';
import { classScores, scoreCase, simulatedCorpus, type CorpusCase } from './corpus.ts';
import { resolvableComponents } from './resolvable.ts';
import { simulateChromatogram } from './simulateChromatogram.ts';

/** Two Gaussians of σ 2 s, the second `ratio` times smaller, at resolution `rs` (Rs = Δt / 4σ). */
function pair(rs: number, ratio: number) {
  const run = simulateChromatogram({
    points: 1200,
    stepSec: 0.1,
    components: [
      { centreSec: 50, sigmaSec: 2, tauSec: 0, height: 100 },
      { centreSec: 50 + 8 * rs, sigmaSec: 2, tauSec: 0, height: 100 / ratio },
    ],
  });
  return resolvableComponents(run.timeSec, run.truth, run.truth);
}

describe('resolvableComponents: what the noise-free curvature shows', () => {
  it('an equal pair fused at Rs 0.3 shows one component; at Rs 0.5 both', () => {
    expect(pair(0.3, 1).filter(Boolean)).toHaveLength(1);
    expect(pair(0.5, 1)).toEqual([true, true]);
  });

  it('a tenth-height neighbour at Rs 0.4 leaves no curvature well; at Rs 1 it does', () => {
    expect(pair(0.4, 10)).toEqual([true, false]);
    expect(pair(1, 10)).toEqual([true, true]);
  });

  it('a single tailing peak and a rider on its tail are each shown', () => {
    const run = simulateChromatogram({
      points: 1200,
      stepSec: 0.1,
      components: [
        { centreSec: 30, sigmaSec: 2, tauSec: 5, height: 100 },
        { centreSec: 48, sigmaSec: 1, tauSec: 0, height: 15 },
      ],
    });
    expect(resolvableComponents(run.timeSec, run.truth, run.truth)).toEqual([true, true]);
  });
});

describe('scoreCase: one-to-one matching', () => {
  const base = simulatedCorpus(1).find((c) => c.kind === 'isolated')!;
  const peakAt = (retentionTimeSec: number, area: number): Peak =>
    ({ retentionTimeSec, area, negative: false }) as Peak;

  it('one reported peak between two resolvable components is found once; the other is missed', () => {
    const [first] = base.expected;
    const twin = { ...first!, retentionTimeSec: first!.retentionTimeSec + first!.widthHalfSec / 4 };
    const c: CorpusCase = { ...base, expected: [first!, twin], resolvable: [true, true] };
    const between = peakAt(first!.retentionTimeSec + first!.widthHalfSec / 8, first!.area);
    const score = scoreCase(c, [between]);
    expect(score).toMatchObject({ expected: 2, found: 1, extras: 0 });
  });

  it('a component the curvature does not show is neither missed nor, when listed, an extra', () => {
    const [first] = base.expected;
    const c: CorpusCase = { ...base, expected: [first!], resolvable: [false] };
    expect(scoreCase(c, [])).toMatchObject({ expected: 0, found: 0, extras: 0, unresolvable: 1 });
    const listed = scoreCase(c, [peakAt(first!.retentionTimeSec, first!.area)]);
    expect(listed).toMatchObject({ expected: 0, found: 0, extras: 0 });
  });

  it('nearest pairs first: a peak nearer the second component is not taken by the first', () => {
    const [first] = base.expected;
    const w = first!.widthHalfSec;
    const second = { ...first!, retentionTimeSec: first!.retentionTimeSec + 0.8 * w };
    const c: CorpusCase = { ...base, expected: [first!, second], resolvable: [true, true] };
    // The first component reaches both peaks (within W50/2) and lies nearer the later one (0.42 W50) than
    // the earlier (0.45 W50); taken in truth order it would claim the later one, which is the second
    // component's only peak (0.38 W50 from it), and leave the second missed.
    const peaks = [
      peakAt(first!.retentionTimeSec - 0.45 * w, first!.area),
      peakAt(first!.retentionTimeSec + 0.42 * w, first!.area),
    ];
    expect(scoreCase(c, peaks)).toMatchObject({ found: 2, extras: 0 });
  });

  it('the worst share: each found peak’s share of the found total against its true share', () => {
    const [first] = base.expected;
    const second = { ...first!, retentionTimeSec: first!.retentionTimeSec + 10 * first!.widthHalfSec };
    const c: CorpusCase = { ...base, expected: [first!, second], resolvable: [true, true] };
    const a = first!.area;
    // Areas a and 1.5a of two equal components: shares 0.4 and 0.6 against 0.5 each, 20 % off.
    const off = scoreCase(c, [peakAt(first!.retentionTimeSec, a), peakAt(second.retentionTimeSec, 1.5 * a)]);
    expect(off.worstShareErrorPct).toBeCloseTo(20, 9);
    // Both 2 % high: every share as true (a scale is no share error).
    const scaled = scoreCase(c, [
      peakAt(first!.retentionTimeSec, 1.02 * a),
      peakAt(second.retentionTimeSec, 1.02 * a),
    ]);
    expect(scaled.worstShareErrorPct).toBeCloseTo(0, 9);
    expect(scoreCase(c, [peakAt(first!.retentionTimeSec, 3 * a)]).worstShareErrorPct).toBe(0);
    // A saturated peak (flagged over-range, its area understated) is left out of the shares.
    const clipped = { ...peakAt(second.retentionTimeSec, 0.5 * a), overRange: true };
    expect(scoreCase(c, [peakAt(first!.retentionTimeSec, a), clipped]).worstShareErrorPct).toBe(0);
    const rows = classScores([
      { kind: c.kind, score: off },
      { kind: c.kind, score: scaled },
    ]);
    expect(rows.find((row) => row.kind === c.kind)!.shareOffRuns).toBe(1);
  });

  it('a component the curvature does not show, inside a listed peak, counts in that peak’s true area', () => {
    const [first] = base.expected;
    const hidden = { ...first!, retentionTimeSec: first!.retentionTimeSec + first!.widthHalfSec / 2 };
    const c: CorpusCase = { ...base, expected: [first!, hidden], resolvable: [true, false] };
    const both = first!.area + hidden.area;
    const merged = {
      ...peakAt(first!.retentionTimeSec, both),
      startSec: first!.retentionTimeSec - 2 * first!.widthHalfSec,
      endSec: first!.retentionTimeSec + 2 * first!.widthHalfSec,
    };
    const score = scoreCase(c, [merged]);
    expect(score).toMatchObject({ expected: 1, found: 1, extras: 0 });
    expect(score.areaErrorsPct[0]).toBeCloseTo(0, 9);
    // Outside the peak's limits it is not the peak's: the area is read against the listed component alone.
    const narrow = { ...merged, endSec: first!.retentionTimeSec + first!.widthHalfSec / 4 };
    expect(scoreCase(c, [narrow]).areaErrorsPct[0]).toBeCloseTo((100 * hidden.area) / first!.area, 6);
  });
});
