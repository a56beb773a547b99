import { describe, expect, it } from 'vitest';
import type { DetectedApex } from './detectAutomatic.ts';
import { flankContacts } from './flankContacts.ts';
import { fusedClusters } from './fusedClusters.ts';
import type { LimitsInput } from './integrationLimits.ts';

/** Two noise-free Gaussians of σ = 10 samples, heights 1, `gap` samples apart, on a flat zero baseline. */
function pair(gap: number): LimitsInput {
  const length = 200 + gap + 1;
  const values = Float64Array.from({ length }, (_, i) =>
    [100, 100 + gap].reduce((sum, centre) => sum + Math.exp(-0.5 * ((i - centre) / 10) ** 2), 0),
  );
  const apexes: DetectedApex[] = [
    { index: 100, sign: 1, shoulder: false },
    { index: 100 + gap, sign: 1, shoulder: false },
  ];
  return {
    timeSec: Float64Array.from(values, (_, i) => i),
    values,
    smoothed: values,
    bend: new Float64Array(length),
    apexes,
    widths: [23.5, 23.5],
    noisePeakToPeak: 0.01,
  };
}

describe('fusedClusters', () => {
  it('makes one cluster of a pair whose valley stands above the baseline (Rs 1.25)', () => {
    const input = pair(50);
    expect(fusedClusters(input, flankContacts(input, 0.005))).toEqual([{ from: 0, to: 1 }]);
  });

  it('keeps a pair apart when the signal returns to the baseline between them', () => {
    const input = pair(200);
    expect(fusedClusters(input, flankContacts(input, 0.005))).toEqual([
      { from: 0, to: 0 },
      { from: 1, to: 1 },
    ]);
  });
});
