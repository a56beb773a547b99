import { describe, expect, it } from 'vitest';
import { appendPoints, type RunPoints } from './run-signal.ts';

const series = (from: number, count: number): RunPoints => {
  const timeSec = Array.from({ length: count }, (_, index) => (from + index) / 10);
  return {
    timeSec,
    signalMau: timeSec.map((t) => 2 * t),
    pressureBar: timeSec.map(() => 120),
    percentB: timeSec.map(() => 20),
  };
};

describe('appendPoints', () => {
  it('appends in order, every series alike', () => {
    const target = series(0, 2);
    appendPoints(target, series(2, 3));
    expect(target).toEqual(series(0, 5));
  });

  it('takes the points of a tick after a long stall (more than a spread passes as arguments)', () => {
    // Half a million points (a spread of that many throws RangeError: Maximum call stack size exceeded).
    const target = series(0, 0);
    expect(() => appendPoints(target, series(0, 500_000))).not.toThrow();
    expect(target.timeSec).toHaveLength(500_000);
    expect(target.percentB.at(-1)).toBe(20);
  });
});
