import { describe, expect, it } from 'vitest';
import type { DetectedApex } from './detectAutomatic.ts';
import { flankContacts, meetAtBaselineCrossings } from './flankContacts.ts';
import type { LimitsInput } from './integrationLimits.ts';

/** Noise-free Gaussians [centre, height, σ] in samples on a flat zero baseline. */
function gaussians(length: number, peaks: [number, number, number][]): Float64Array {
  return Float64Array.from({ length }, (_, i) =>
    peaks.reduce(
      (sum, [centre, height, sigma]) => sum + height * Math.exp(-0.5 * ((i - centre) / sigma) ** 2),
      0,
    ),
  );
}

function limitsInput(values: Float64Array, apexes: DetectedApex[]): LimitsInput {
  return {
    timeSec: Float64Array.from(values, (_, i) => i),
    values,
    smoothed: values,
    bend: new Float64Array(values.length),
    apexes,
    // Half-prominence width of a σ = 10 Gaussian: 2.355 σ.
    widths: apexes.map(() => 23.5),
    noisePeakToPeak: 0.01,
  };
}

const apex = (index: number, sign: 1 | -1 = 1): DetectedApex => ({ index, sign, shoulder: false });

describe('flankContacts', () => {
  it('walks a lone Gaussian down to the same depth on both flanks', () => {
    const values = gaussians(201, [[100, 1, 10]]);
    const { left, right } = flankContacts(limitsInput(values, [apex(100)]), 0.005);
    expect(Array.from(left)).toEqual([62]);
    expect(Array.from(right)).toEqual([138]);
  });

  it('stops each walk of a fused pair in the valley, and walks a separated pair to the baseline', () => {
    const fused = gaussians(301, [
      [100, 1, 10],
      [150, 1, 10],
    ]);
    const pair = flankContacts(limitsInput(fused, [apex(100), apex(150)]), 0.005);
    expect(Array.from(pair.left)).toEqual([62, 126]);
    expect(Array.from(pair.right)).toEqual([124, 188]);
    const apart = gaussians(401, [
      [100, 1, 10],
      [300, 1, 10],
    ]);
    const separate = flankContacts(limitsInput(apart, [apex(100), apex(300)]), 0.005);
    expect(Array.from(separate.left)).toEqual([62, 262]);
    expect(Array.from(separate.right)).toEqual([138, 338]);
  });
});

describe('meetAtBaselineCrossings', () => {
  it('stops a peak and the dip after it at the baseline crossing between them', () => {
    const values = gaussians(301, [
      [100, 1, 10],
      [140, -1, 10],
    ]);
    const apexes = [apex(100), apex(140, -1)];
    const { left, right } = flankContacts(limitsInput(values, apexes), 0.005);
    expect(right[0]).toBeGreaterThan(left[1]!);
    meetAtBaselineCrossings(apexes, values, left, right);
    expect(Array.from(left)).toEqual([62, 120]);
    expect(Array.from(right)).toEqual([120, 178]);
  });
});
