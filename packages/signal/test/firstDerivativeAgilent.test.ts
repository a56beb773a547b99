import { describe, expect, it } from 'vitest';
import { readAia } from '../src/files/readAia.ts';
import { processChromatogram } from '../src/pipeline/processChromatogram.ts';
import { hasReferenceData, readReference } from './files.ts';

// Data README §3: ChemStation's 8 peaks of agilent_hplc.cdf, with the broad low peak 2 (W50 76 s) and the
// valley pair 4/5. The slope detector used to miss peak 2 and to end tailing peaks early.
describe.skipIf(!hasReferenceData)('first_derivative integration on agilent_hplc.cdf', () => {
  const file = hasReferenceData ? readAia(readReference('aia/agilent_hplc.cdf')) : null;
  const run = () =>
    processChromatogram(
      { timeSec: file!.timeSec, values: file!.values },
      { algorithm_peak: 'first_derivative' },
    );
  const vendor = () => file!.peakTable!;
  const matched = () => {
    const peaks = run().peaks;
    return vendor().map((reference) =>
      peaks.find((peak) => Math.abs(peak.retentionTimeSec - reference.retentionTimeSec!) <= 0.5),
    );
  };

  it('finds all 8 reference peaks, the broad peak 2 included', () => {
    const found = matched();
    expect(found.every(Boolean)).toBe(true);
    expect(found[1]!.widthHalfSec).toBeGreaterThan(60);
  });

  it('ends peaks on their tails: every area within 3 % of ChemStation', () => {
    matched().forEach((peak, k) => expect(Math.abs(peak!.area / vendor()[k]!.area! - 1)).toBeLessThan(0.03));
  });

  it('ends the tailing peaks 7 and 8 within 3 s of ChemStation', () => {
    const found = matched();
    for (const k of [6, 7]) {
      expect(Math.abs(found[k]!.endSec - vendor()[k]!.endSec!)).toBeLessThanOrEqual(3);
    }
  });

  it('splits the valley pair 4/5 with a drop line on one shared baseline', () => {
    const found = matched();
    expect([found[3]!.stopCode, found[4]!.startCode]).toEqual(['V', 'V']);
    expect(found[3]!.endSec).toBeCloseTo(found[4]!.startSec, 6);
  });

  it('reports the new detector version', () => {
    expect(run().versions.peak).toMatch(/^first_derivative@2/);
  });
});
