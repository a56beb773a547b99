import { describe, expect, it } from 'vitest';
import type { Peak } from '../figures/peak.ts';
import { emgCurve } from '../models/emg.ts';
import { seededNormal } from '../random/seededRandom.ts';
import { processChromatogram } from './processChromatogram.ts';
import { applyQuantitationLimit } from './quantitationLimit.ts';

const peak = (height: number, area: number) => ({ height, area }) as Peak;

describe('the reporting limit of the automatic default (S/N ≥ 10)', () => {
  it('leaves out peaks under S/N 10 and gives a left-out rider’s area back to its parent', () => {
    const peaks = [peak(100, 1000), peak(0.4, 3), peak(-0.45, -2), peak(0.6, 4)];
    // h = 0.1: S/N 2000, 8, 9 (negative, by magnitude), 12.
    const { peaks: kept, limit } = applyQuantitationLimit(peaks, [undefined, 0, undefined, 0], () => 0.1);
    expect(kept.map((p) => p.height)).toEqual([100, 0.6]);
    expect(kept[0]!.area).toBe(1003);
    expect(limit).toEqual({ signalToNoise: 10, removed: 2 });
  });

  it('keeps a peak it cannot measure the noise for', () => {
    const { peaks: kept } = applyQuantitationLimit([peak(0.01, 1)], [undefined], () => null);
    expect(kept).toHaveLength(1);
  });

  it('reports only peaks at or above the limit, as the result states their S/N; a template keeps its own', () => {
    const stepSec = 0.2;
    const timeSec = Float64Array.from({ length: 6000 }, (_, i) => i * stepSec);
    const noise = seededNormal(5);
    const sd = 0.01;
    const values = Float64Array.from(timeSec, () => sd * noise());
    // One large peak and small ones from 1.5 to 12 noise SDs high.
    const components = [
      { area: 100, centreSec: 120, sigmaSec: 2, tauSec: 0.5 },
      ...[1.5, 2.5, 4, 6, 9, 12].map((k, j) => ({
        area: k * sd * 2 * Math.sqrt(2 * Math.PI),
        centreSec: 250 + 120 * j,
        sigmaSec: 2,
        tauSec: 0.01,
      })),
    ];
    for (const component of components) {
      const curve = emgCurve(timeSec, component);
      for (let i = 0; i < values.length; i++) values[i]! += curve[i]!;
    }
    const automatic = processChromatogram({ timeSec, values }, {});
    const limit = automatic.detection?.quantitationLimit;
    expect(limit?.signalToNoise).toBe(10);
    expect(limit!.removed).toBeGreaterThan(0);
    expect(automatic.peaks.every((p) => Math.abs(p.signalToNoise!) >= 10)).toBe(true);
    expect(automatic.peaks.some((p) => Math.abs(p.retentionTimeSec - 120) < 1)).toBe(true);
    const given = processChromatogram({ timeSec, values }, { peak_detection_min_prominence: 0.02 });
    expect(given.detection?.quantitationLimit).toBeUndefined();
    expect(given.peaks.some((p) => Math.abs(p.signalToNoise!) < 10)).toBe(true);
  });
});
