import { describe, expect, it } from 'vitest';
import { simulateChromatogram } from '../simulation/simulateChromatogram.ts';
import { measureSignalScale } from './detectionSettings.ts';
import { belowBaselineStretches, levelAt, runBaselineLevel } from './runBaselineLevel.ts';

const sigmaSec = 2;
const stepSec = 0.2;

function scaleOf(components: Parameters<typeof simulateChromatogram>[0]['components'], driftPerSec = 0) {
  const run = simulateChromatogram({
    points: 800,
    stepSec,
    seed: 7,
    noiseSd: 0.05,
    offset: 3,
    driftPerSec,
    components,
  });
  return { run, scale: measureSignalScale(run.values) };
}

describe('runBaselineLevel', () => {
  it('reads the offset from the flat stretches, not from a dip between two peaks', () => {
    const { scale } = scaleOf([
      { centreSec: 60, sigmaSec, tauSec: 1, height: 100 },
      { centreSec: 82, sigmaSec, tauSec: 0, height: 60 },
      { centreSec: 71, sigmaSec, tauSec: 0, height: -30 },
    ]);
    const level = runBaselineLevel(scale)!;
    expect(level).not.toBeNull();
    // Every flat window lies on the baseline (3), within the noise; none on the dip's bottom (−27).
    for (const value of level.levels) expect(Math.abs(value - 3)).toBeLessThan(0.2);
    const dipIndex = Math.round(71 / stepSec);
    expect(levelAt(level, dipIndex).line).toBeCloseTo(3, 1);
    const below = belowBaselineStretches(scale.smoothed, level, 2 * scale.smoothedPeakToPeak);
    expect(below).toHaveLength(1);
    // The stretch runs from where the first peak's flank meets the level to where the second's does.
    expect(below[0]!.from * stepSec).toBeGreaterThan(62);
    expect(below[0]!.to * stepSec).toBeLessThan(80);
    expect(below[0]!.from).toBeLessThan(dipIndex);
    expect(below[0]!.to).toBeGreaterThan(dipIndex);
  });

  it('follows a drift between flat windows and finds nothing under it without a dip', () => {
    const { scale } = scaleOf(
      [
        { centreSec: 50, sigmaSec, tauSec: 2, height: 100 },
        { centreSec: 100, sigmaSec, tauSec: 0, height: 40 },
      ],
      0.02,
    );
    const level = runBaselineLevel(scale)!;
    const at = (timeSec: number) => levelAt(level, Math.round(timeSec / stepSec)).line;
    expect(at(75)).toBeCloseTo(3 + 0.02 * 75, 1);
    expect(belowBaselineStretches(scale.smoothed, level, 2 * scale.smoothedPeakToPeak)).toEqual([]);
  });

  it('holds the level beyond the outermost flat windows only as far as the drift allows', () => {
    const { scale } = scaleOf([{ centreSec: 80, sigmaSec, tauSec: 0, height: 100 }], 0.002);
    const depth = 10 * scale.smoothedPeakToPeak;
    const level = runBaselineLevel({ ...scale, driftPerSample: 0.002 * stepSec }, depth)!;
    // Three times the drift moves the level by a third of the depth over the reach.
    expect(level.reachSamples).toBeCloseTo(depth / 3 / (3 * 0.002 * stepSec), 6);
    const first = level.centres[0]!;
    const last = level.centres[level.centres.length - 1]!;
    const reach = Math.floor(level.reachSamples);
    expect(levelAt(level, last + reach).lowest).toBe(level.levels[level.levels.length - 1]);
    expect(levelAt(level, last + reach + 1).lowest).toBe(-Infinity);
    if (first - reach - 1 >= 0) expect(levelAt(level, first - reach - 1).lowest).toBe(-Infinity);
  });

  it('has no level on a run with no flat stretch', () => {
    const { scale } = scaleOf([{ centreSec: 80, sigmaSec: 30, tauSec: 0, height: 100 }]);
    expect(runBaselineLevel({ ...scale, widthSamples: 2000 })).toBeNull();
  });
});
