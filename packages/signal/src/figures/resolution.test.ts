import { describe, expect, it } from 'vitest';
import { completeFigures } from './completeFigures.ts';
import { measurePeak } from './measurePeak.ts';

const HALF_WIDTH_PER_SIGMA = 2 * Math.sqrt(2 * Math.LN2);

/**
 * Two Gaussians (σ₁, σ₂, heights h₁, h₂) placed so that their resolution R_s = 1.18 Δt/(W50₁ + W50₂) is
 * `resolution`, integrated as a fused pair: one baseline, a drop line at the valley (lowest sample).
 */
function pair(resolution: number, sigma1: number, sigma2: number, height1: number, height2: number) {
  const step = 0.02;
  const separation = (resolution * HALF_WIDTH_PER_SIGMA * (sigma1 + sigma2)) / 1.18;
  const centre1 = 30;
  const centre2 = centre1 + separation;
  const timeSec = Float64Array.from({ length: Math.round(80 / step) + 1 }, (_, i) => i * step);
  const gauss = (t: number, c: number, s: number, h: number) => h * Math.exp(-0.5 * ((t - c) / s) ** 2);
  const values = Float64Array.from(
    timeSec,
    (t) => gauss(t, centre1, sigma1, height1) + gauss(t, centre2, sigma2, height2),
  );
  const index = (t: number) => Math.round(t / step);
  let apex1 = index(centre1);
  while (values[apex1 + 1]! > values[apex1]!) apex1++;
  while (values[apex1 - 1]! > values[apex1]!) apex1--;
  let apex2 = index(centre2);
  while (values[apex2 - 1]! > values[apex2]!) apex2--;
  while (values[apex2 + 1]! > values[apex2]!) apex2++;
  let valley = apex1;
  for (let i = apex1; i <= apex2; i++) if (values[i]! < values[valley]!) valley = i;
  const baseline = { startSec: 0, startValue: 0, endSec: 80, endValue: 0 };
  const valleySec = timeSec[valley]!;
  const peaks = [
    measurePeak(timeSec, values, {
      startSec: 10,
      endSec: valleySec,
      apexIndex: apex1,
      baseline,
      startCode: 'B',
      stopCode: 'V',
    }),
    measurePeak(timeSec, values, {
      startSec: valleySec,
      endSec: 70,
      apexIndex: apex2,
      baseline,
      startCode: 'V',
      stopCode: 'B',
    }),
  ];
  return completeFigures(peaks);
}

describe('resolution of critical pairs (R_s < 1)', () => {
  it.each([
    [0.6, 1, 1, 1, 1],
    [0.8, 1, 1, 1, 1],
    [1.0, 1, 1, 1, 1],
    [0.6, 1, 1.3, 1, 0.7],
    [0.8, 1, 1.3, 1, 0.7],
    [1.0, 1, 1.3, 1, 0.7],
  ])('R_s %f (σ %f and %f, heights %f and %f) within 5 %% of the known value', (rs, s1, s2, h1, h2) => {
    const [first, second] = pair(rs, s1, s2, h1, h2);
    const critical = first!.widthHalfSource === 'free_side' || second!.widthHalfSource === 'free_side';
    expect(second!.resolutionMethod).toBe(critical ? 'overlap_model' : 'half_height');
    expect(critical).toBe(rs < 1);
    expect(Math.abs(second!.resolution! / rs - 1)).toBeLessThan(0.05);
    expect(first!.resolution).toBeNull();
    expect(first!.resolutionMethod).toBeNull();
  });

  it('estimates W50 from the free side when the valley stands above half height, and says so', () => {
    const [first, second] = pair(0.6, 1, 1, 1, 1);
    expect(first!.widthHalfSource).toBe('free_side');
    expect(second!.widthHalfSource).toBe('free_side');
    // Twice the outer half-width of the fused sum: a little wider than the component's 2.3548σ.
    expect(first!.widthHalfSec! / HALF_WIDTH_PER_SIGMA).toBeGreaterThan(1);
    expect(first!.widthHalfSec! / HALF_WIDTH_PER_SIGMA).toBeLessThan(1.15);
    const [, resolved] = pair(1.0, 1, 1, 1, 1);
    expect(resolved!.widthHalfSource).toBe('both_sides');
  });

  it('the apparent half-height formula alone is 26 % low at R_s 0.6 (why the overlap model is needed)', () => {
    const [first, second] = pair(0.6, 1, 1, 1, 1);
    const apparent =
      (1.18 * (second!.retentionTimeSec - first!.retentionTimeSec)) /
      (first!.widthHalfSec! + second!.widthHalfSec!);
    expect(apparent).toBeLessThan(0.6 * 0.8);
  });

  it('uses the half-height formula for peaks with their own baselines', () => {
    const peaks = pair(1.0, 1, 1, 1, 1).map((peak, k) =>
      k === 0 ? { ...peak, stopCode: 'B' as const } : { ...peak, startCode: 'B' as const },
    );
    const [, second] = completeFigures(peaks);
    expect(second!.resolutionMethod).toBe('half_height');
    const expected =
      (1.18 * (peaks[1]!.retentionTimeSec - peaks[0]!.retentionTimeSec)) /
      (peaks[0]!.widthHalfSec! + peaks[1]!.widthHalfSec!);
    expect(second!.resolution).toBeCloseTo(expected, 12);
  });
});
