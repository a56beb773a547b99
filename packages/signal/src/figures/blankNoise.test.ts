import { describe, expect, it } from 'vitest';
import { seededNormal } from '../random/seededRandom.ts';
import { blankPeakToPeak } from './blankNoise.ts';
import { completeFigures } from './completeFigures.ts';
import { measurePeak } from './measurePeak.ts';

const timeSec = Float64Array.from({ length: 6001 }, (_, i) => i * 0.1);

/** A blank whose noise is quiet (±0.01) except a burst of ±0.5 between 295 and 305 s. */
function blank() {
  const normal = seededNormal(3);
  return Float64Array.from(timeSec, (t) => {
    const burst = t >= 295 && t <= 305 ? 0.5 * Math.sin(7 * t) : 0;
    return 0.002 * t + 0.003 * normal() + burst;
  });
}

describe('blankPeakToPeak (Ph. Eur. 2.2.46 h from a blank injection)', () => {
  it('measures a window of 5 × W50 centred where the peak elutes, drift removed', () => {
    const values = blank();
    const [atBurst, quiet] = blankPeakToPeak(timeSec, values, [
      { retentionTimeSec: 300, widthHalfSec: 4 },
      { retentionTimeSec: 100, widthHalfSec: 4 },
    ]);
    expect(atBurst).toBeGreaterThan(0.9);
    expect(quiet).toBeGreaterThan(0.005);
    expect(quiet).toBeLessThan(0.03);
  });

  it('takes 5 × W50: a window of 20 s ending before the burst sees none of it, 5 × 12 s does', () => {
    const values = blank();
    const [narrow, wide] = blankPeakToPeak(timeSec, values, [
      { retentionTimeSec: 280, widthHalfSec: 4 },
      { retentionTimeSec: 280, widthHalfSec: 12 },
    ]);
    expect(narrow).toBeLessThan(0.03);
    expect(wide).toBeGreaterThan(0.9);
    const [twentyTimes] = blankPeakToPeak(timeSec, values, [{ retentionTimeSec: 280, widthHalfSec: 4 }], {
      widthMultiple: 20,
    });
    expect(twentyTimes).toBeGreaterThan(0.9);
  });

  it('keeps the window inside the blank and gives null without W50 or with an unusable blank', () => {
    const values = blank();
    const [atEnd, noWidth] = blankPeakToPeak(timeSec, values, [
      { retentionTimeSec: 599, widthHalfSec: 10 },
      { retentionTimeSec: 100, widthHalfSec: null },
    ]);
    expect(atEnd).toBeGreaterThan(0);
    expect(noWidth).toBeNull();
    expect(blankPeakToPeak(timeSec, values.subarray(1), [{ retentionTimeSec: 1, widthHalfSec: 1 }])).toEqual([
      null,
    ]);
    const broken = Float64Array.from(values);
    broken[1000] = Number.NaN;
    expect(blankPeakToPeak(timeSec, broken, [{ retentionTimeSec: 100, widthHalfSec: 4 }])).toEqual([null]);
  });
});

describe('completeFigures S/N source', () => {
  const values = Float64Array.from(timeSec, (t) => 2 * Math.exp(-0.5 * ((t - 300) / 2) ** 2));
  const peak = measurePeak(timeSec, values, {
    startSec: 280,
    endSec: 320,
    apexIndex: 3000,
    baseline: { startSec: 280, startValue: 0, endSec: 320, endValue: 0 },
    startCode: 'B',
    stopCode: 'B',
  });

  it('uses the blank where it gives h, else the run noise, and says which', () => {
    const [fromBlank] = completeFigures([peak], { noisePeakToPeak: 0.1, blankPeakToPeak: [0.04] });
    expect(fromBlank!.signalToNoise).toBeCloseTo(100, 6);
    expect(fromBlank!.signalToNoiseSource).toBe('blank');
    const [fromRun] = completeFigures([peak], { noisePeakToPeak: 0.1, blankPeakToPeak: [null] });
    expect(fromRun!.signalToNoise).toBeCloseTo(40, 6);
    expect(fromRun!.signalToNoiseSource).toBe('run');
    const [none] = completeFigures([peak]);
    expect(none!.signalToNoise).toBeNull();
    expect(none!.signalToNoiseSource).toBeNull();
  });

  it('end to end: h from the blank at the peak, S/N = 2H/h', () => {
    const blankValues = blank();
    const h = blankPeakToPeak(timeSec, blankValues, [peak]);
    const [figured] = completeFigures([peak], { noisePeakToPeak: 1, blankPeakToPeak: h });
    expect(h[0]).toBeGreaterThan(0.9); // the burst at 295–305 s lies in the 5 × W50 window at 300 s
    expect(figured!.signalToNoise).toBeCloseTo((2 * peak.height) / h[0]!, 9);
    expect(figured!.signalToNoiseSource).toBe('blank');
  });
});
