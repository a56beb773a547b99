import { describe, expect, it } from 'vitest';
import { readAia } from '../src/files/readAia.ts';
import { processChromatogram } from '../src/pipeline/processChromatogram.ts';
import { hasReferenceData, readReference } from './files.ts';

describe.skipIf(!hasReferenceData)('default pipeline on agilent_hplc.cdf', () => {
  const file = hasReferenceData ? readAia(readReference('aia/agilent_hplc.cdf')) : null;
  const run = () =>
    processChromatogram(
      { timeSec: file!.timeSec, values: file!.values, unit: 'mAU' },
      { peak_detection_min_prominence: 2 },
    );

  it('finds the 8 reference apexes', () => {
    const expected = [196.0, 332.4, 527.6, 709.6, 734.8, 799.2, 1030.0, 1177.6];
    const found = processChromatogram(
      { timeSec: file!.timeSec, values: file!.values },
      {
        peak_detection_min_prominence: 2,
        algorithm_peak: 'none',
      },
    ).peaks.map((p) => p.retentionTimeSec);
    expect(found).toHaveLength(8);
    found.forEach((t, k) => expect(Math.abs(t - expected[k]!)).toBeLessThanOrEqual(0.4 + 1e-6));
  });

  it('integrates automatically within 2 % of ChemStation for every peak', () => {
    const peaks = run().peaks;
    const vendor = file!.peakTable!;
    expect(peaks).toHaveLength(8);
    peaks.forEach((peak, k) => expect(Math.abs(peak.area / vendor[k]!.area! - 1)).toBeLessThan(0.02));
    expect(peaks.map((p) => `${p.startCode}${p.stopCode}`)).toEqual([
      'BB',
      'BB',
      'BB',
      'BV',
      'VB',
      'BB',
      'BB',
      'BB',
    ]);
  });

  it('gives the worked system-suitability values of processing.md §2.8', () => {
    const peaks = run().peaks;
    expect(Math.abs(peaks[0]!.platesHalfHeight! / 9260 - 1)).toBeLessThan(0.005);
    expect(peaks[0]!.widthHalfSec).toBeCloseTo(4.798, 1);
    expect(peaks[7]!.resolution).toBeCloseTo(3.1, 1);
    expect(peaks[0]!.tailing).toBeCloseTo(1.367, 1);
    expect(peaks[0]!.asymmetry10).toBeCloseTo(1.615, 1);
    const total = peaks.reduce((sum, p) => sum + p.areaPercent, 0);
    expect(total).toBeCloseTo(100, 9);
  });

  it('measures noise away from the peaks and S/N = 2H/h', () => {
    const result = run();
    expect(result.noise!.peakToPeak).toBeGreaterThan(0);
    expect(result.noise!.peakToPeak).toBeLessThan(0.5);
    const first = result.peaks[0]!;
    expect(first.signalToNoise).toBeCloseTo((2 * first.height) / result.noise!.peakToPeak, 9);
  });
});
