import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { curvatureCentre } from './curvatureCentre.ts';
import { isFlankShoulder, type FlankWell } from './flankShoulder.ts';

/** Unit-σ Gaussians (height, centre) sampled at 0.25 σ: the signal and its second difference. */
function pairOf(components: readonly [number, number][], points = 201) {
  const value = (i: number) =>
    components.reduce(
      (sum, [height, centre]) => sum + height * Math.exp(-(((i - centre) * 0.25) ** 2) / 2),
      0,
    );
  const bend = Float64Array.from({ length: points }, (_, i) =>
    i === 0 || i === points - 1 ? 0 : value(i + 1) - 2 * value(i) + value(i - 1),
  );
  return { value, bend };
}

/** The candidate a host at sample 100 and a minor component `distance` samples before it make. */
function frontCandidate(minorHeight: number, distance: number, threshold = 1e-4): FlankWell {
  const { value, bend } = pairOf([
    [100, 100],
    [minorHeight, 100 - distance],
  ]);
  const hostCentre = curvatureCentre(bend, 100);
  let well = -1;
  for (let i = 60; i < hostCentre - 2; i++) {
    if (bend[i]! < 0 && bend[i]! < bend[i - 1]! && bend[i]! <= bend[i + 1]!) well = i;
  }
  return {
    bend,
    hostCentre,
    well,
    hostCurvature: Math.max(...[-2, -1, 0, 1, 2].map((d) => -bend[hostCentre + d]!)),
    threshold,
    heightShare: value(well) / value(100),
    relativeCurvature: 0.1,
  };
}

/** The same candidate with the run reversed in time: a front shoulder becomes a rear one. */
function reversed(candidate: FlankWell): FlankWell {
  const last = candidate.bend.length - 1;
  return {
    ...candidate,
    bend: candidate.bend.slice().reverse(),
    hostCentre: last - candidate.hostCentre,
    well: last - candidate.well,
  };
}

describe('isFlankShoulder', () => {
  it('takes a 1 : 5 pair at Rs 0.63 whose well the host’s convex lobe fills below a tenth', () => {
    // 20 high 2.5 σ before a 100-high host: the sum's well is 4 % of the host's curvature, its own 14 %.
    const candidate = frontCandidate(20, 10);
    expect(-candidate.bend[candidate.well]! / candidate.hostCurvature).toBeLessThan(0.1);
    expect(candidate.heightShare).toBeLessThan(Math.exp(-0.5));
    expect(isFlankShoulder(candidate)).toBe(true);
  });

  it('refuses a well whose convex lobe stays within the curvature’s quantitation limit', () => {
    const candidate = frontCandidate(20, 10);
    let convex = -Infinity;
    for (let i = candidate.well; i <= candidate.hostCentre; i++)
      convex = Math.max(convex, candidate.bend[i]!);
    expect(isFlankShoulder({ ...candidate, threshold: 1.01 * convex })).toBe(false);
  });

  it('refuses a well on the host’s top, above its inflection height', () => {
    expect(isFlankShoulder({ ...frontCandidate(20, 10), heightShare: 0.7 })).toBe(false);
  });

  it('refuses a faint bend far out on a flank, where the host has no curvature left to add back', () => {
    // 4 high 7 σ before the host: the other flank at that distance is baseline.
    const candidate = frontCandidate(4, 28);
    expect(candidate.well).toBeGreaterThan(0);
    expect(isFlankShoulder(candidate)).toBe(false);
  });

  it('gives the same answer on either flank and at any scale (the run reversed, the signal scaled)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10, max: 35 }),
        fc.integer({ min: 9, max: 14 }),
        fc.double({ min: -3, max: 4, noNaN: true }),
        (minorHeight, distance, logFactor) => {
          const candidate = frontCandidate(minorHeight, distance);
          if (candidate.well < 0) return;
          const answer = isFlankShoulder(candidate);
          const factor = 10 ** logFactor;
          expect(isFlankShoulder(reversed(candidate))).toBe(answer);
          expect(
            isFlankShoulder({
              ...candidate,
              bend: candidate.bend.map((b) => b * factor),
              hostCurvature: candidate.hostCurvature * factor,
              threshold: candidate.threshold * factor,
            }),
          ).toBe(answer);
        },
      ),
      { seed: 3001, numRuns: 100 },
    );
  });
});
