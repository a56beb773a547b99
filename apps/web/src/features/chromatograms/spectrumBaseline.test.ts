import { describe, expect, it } from 'vitest';
import type { MeasurementSpectrum } from '@eluent/contracts';
import type { PeakRow } from './peakRows.ts';
import { peakAround, peakPurity, referenceOf, type SpectrumReader } from './spectrumBaseline.ts';

const peak = (number: number, startSec: number, retentionTimeSec: number, endSec: number) =>
  ({ number, startSec, retentionTimeSec, endSec }) as PeakRow;
const PEAKS = [peak(1, 10, 12, 15), peak(2, 15, 18, 25)];

describe('the Spectrum panel baseline', () => {
  it('finds the peak whose limits hold the time, the first on a shared limit, none between peaks', () => {
    expect(peakAround(PEAKS, 11)?.number).toBe(1);
    expect(peakAround(PEAKS, 15)?.number).toBe(1);
    expect(peakAround(PEAKS, 20)?.number).toBe(2);
    expect(peakAround(PEAKS, 30)).toBeNull();
    expect(peakAround(PEAKS, null)).toBeNull();
  });

  it('asks for no reference, one time, or the peak’s start and end', () => {
    expect(referenceOf('none', 5, PEAKS[0]!)).toEqual([null, null]);
    expect(referenceOf('time', 5, PEAKS[0]!)).toEqual([5, null]);
    expect(referenceOf('time', null, PEAKS[0]!)).toEqual([null, null]);
    expect(referenceOf('limits', 5, PEAKS[1]!)).toEqual([15, 25]);
    expect(referenceOf('limits', 5, null)).toEqual([null, null]);
  });

  it('reads the slopes halfway to the apex, all from the peak’s limits, and matches them to the apex', async () => {
    const asked: number[][] = [];
    const read: SpectrumReader = async (_id, timeSec, referenceSec, referenceEndSec) => {
      asked.push([timeSec, referenceSec!, referenceEndSec!]);
      // One shape at the apex and up-slope; the down-slope's shape differs.
      const absorbance = timeSec > 18 ? [1, 3, 2, 5] : [1, 2, 3, 4].map((value) => value * timeSec);
      return { absorbance } as MeasurementSpectrum;
    };
    const purity = await peakPurity(read, 7, PEAKS[1]!);
    expect(asked).toEqual([
      [16.5, 15, 25],
      [18, 15, 25],
      [21.5, 15, 25],
    ]);
    expect(purity.up).toBeCloseTo(1000, 9);
    expect(purity.down).toBeLessThan(990);
  });
});
