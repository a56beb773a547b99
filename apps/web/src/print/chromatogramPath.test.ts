import { describe, expect, it } from 'vitest';
import { chromatogramPath, signalRange, ticks } from './chromatogramPath.ts';

describe('chromatogramPath', () => {
  it('keeps at most four points per half-pixel column and keeps the apex', () => {
    const timeSec = Array.from({ length: 10_000 }, (_, i) => i / 100);
    const signal = timeSec.map((t) => 100 * Math.exp(-((t - 50) ** 2) / 2));
    const path = chromatogramPath(
      { timeSec, signal },
      {
        width: 100,
        height: 50,
        timeRangeSec: [0, 100],
        signalRange: [0, 100],
      },
    );
    const points = path.slice(1).split('L');
    expect(points.length).toBeLessThanOrEqual(4 * 200 + 4);
    expect(points).toContain('50.0,0.0');
  });

  it('is empty for an empty trace', () => {
    expect(
      chromatogramPath(
        { timeSec: [], signal: [] },
        { width: 1, height: 1, timeRangeSec: [0, 1], signalRange: [0, 1] },
      ),
    ).toBe('');
  });
});

describe('signalRange and ticks', () => {
  it('pads the range and picks round steps', () => {
    expect(signalRange([0, 10])).toEqual([-0.5, 10.5]);
    expect(ticks([0, 10], 5)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(ticks([0, 600], 6)).toEqual([0, 100, 200, 300, 400, 500, 600]);
  });
});
