import { describe, expect, it } from 'vitest';
import type { Peak } from '../figures/peak.ts';
import { compare, TRANSFORMS } from './metamorphic.ts';

/** A reported peak with only what the comparison reads. */
function peak(retentionTimeSec: number, widthHalfSec: number, area: number): Peak {
  return {
    retentionTimeSec,
    startSec: retentionTimeSec - widthHalfSec,
    endSec: retentionTimeSec + widthHalfSec,
    widthHalfSec,
    area,
    negative: false,
  } as Peak;
}

describe('metamorphic comparison', () => {
  it('matches close neighbours one-to-one, nearest first: the same peaks compare equal', () => {
    // pink.D's 1393.0 and 1397.3 s: the second's tolerance (W50/2) reaches the first, which came first.
    const peaks = [peak(1385.5, 6, 10), peak(1393.0, 5, 11), peak(1397.3, 9, 13), peak(1405.7, 12, 97)];
    const scale = TRANSFORMS.find((transform) => transform.name === 'scale by 0.001')!;
    const result = compare(peaks, peaks, 0.4, scale, { from: 0, to: 2000 });
    expect(result).toEqual({ compared: 4, missing: [], worstShareChangePct: 0, worstAt: null });
  });

  it('a peak whose only match is taken by a nearer reference peak is missing', () => {
    const reference = [peak(100, 10, 50), peak(104, 10, 50)];
    const transformed = [peak(103.5, 10, 100)];
    const scale = TRANSFORMS.find((transform) => transform.name === 'scale by 0.001')!;
    const result = compare(reference, transformed, 0.4, scale, { from: 0, to: 200 });
    expect(result.missing).toEqual([100]);
  });
});
