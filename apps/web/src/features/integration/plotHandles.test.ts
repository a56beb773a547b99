import { describe, expect, it } from 'vitest';
import { hitHandle, toleranceFor } from './plotHandles.ts';

const peaks = [
  { startX: 100, endX: 200, baselineStartY: 300, baselineEndY: 310 },
  { startX: 200, endX: 260, baselineStartY: 310, baselineEndY: 305 },
];

describe('hitHandle', () => {
  it('finds a baseline dot before the line through it', () => {
    expect(hitHandle(peaks, 103, 302, 8)).toEqual({ index: 0, handle: 'baselineStart' });
    expect(hitHandle(peaks, 259, 100, 8)).toEqual({ index: 1, handle: 'end' });
  });
  it('gives a shared boundary to the peak the pointer is in', () => {
    expect(hitHandle(peaks, 197, 100, 8)).toEqual({ index: 0, handle: 'end' });
    expect(hitHandle(peaks, 203, 100, 8)).toEqual({ index: 1, handle: 'start' });
  });
  it('misses beyond the tolerance, which is larger for touch', () => {
    expect(hitHandle(peaks, 150, 100, toleranceFor('mouse'))).toBeNull();
    expect(hitHandle(peaks, 88, 100, toleranceFor('mouse'))).toBeNull();
    expect(hitHandle(peaks, 88, 100, toleranceFor('touch'))).toEqual({ index: 0, handle: 'start' });
  });
});
