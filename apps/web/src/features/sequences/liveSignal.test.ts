import { describe, expect, it } from 'vitest';
import { appendPoints, emptyLiveSignal } from './liveSignal.ts';

describe('appendPoints', () => {
  it('keeps time order and skips points already held or missing', () => {
    let signal = appendPoints(emptyLiveSignal(1), [0, 1, 2], [5, 6, 7], 'mAU');
    signal = appendPoints(signal, [1, 2, 3, 4], [6, 7, null, 9], 'mAU');
    expect(signal.timeSec).toEqual([0, 1, 2, 4]);
    expect(signal.values).toEqual([5, 6, 7, 9]);
    expect(signal.unit).toBe('mAU');
  });

  it('returns the same object when nothing is new', () => {
    const signal = appendPoints(emptyLiveSignal(1), [0, 1], [1, 2], 'mAU');
    expect(appendPoints(signal, [0, 1], [1, 2], 'mAU')).toBe(signal);
  });
});
