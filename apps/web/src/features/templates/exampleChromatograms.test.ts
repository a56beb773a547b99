import { describe, expect, it } from 'vitest';
import { processChromatogram } from '@eluent/signal';
import { exampleChromatograms, generateExample } from './exampleChromatograms.ts';

describe('the bundled example chromatograms', () => {
  it('the 9-component assay gives its nine peaks with no template, the 2:1 pair at Rs 0.7 split', () => {
    const example = exampleChromatograms.find((item) => item.key === 'example:assay')!;
    const signal = generateExample(example);
    const result = processChromatogram({ timeSec: signal.timeSec, values: signal.values }, {});
    const apexes = result.peaks.map((peak) => peak.retentionTimeSec);
    expect(apexes).toHaveLength(example.peaks.length);
    example.peaks.forEach((peak, k) => expect(Math.abs(apexes[k]! - peak.retentionSec)).toBeLessThan(1.5));
    expect(result.detection?.quantitationLimit?.removed).toBe(0);
  });
  it('the impurity profile has its rider skimmed and two impurities under the 0.05 % reporting threshold', () => {
    const example = exampleChromatograms.find((item) => item.key === 'example:impurities')!;
    const signal = generateExample(example);
    const result = processChromatogram({ timeSec: signal.timeSec, values: signal.values }, {});
    const below = result.peaks.filter((peak) => peak.belowReportingThreshold);
    expect(below.map((peak) => Math.round(peak.retentionTimeSec / 10) * 10)).toEqual([240, 300]);
    const rider = result.peaks.find((peak) => Math.abs(peak.retentionTimeSec - 172) < 1.5);
    expect(rider?.startCode).toBe('T');
  });
  it('the crowded short run reads its noise from the differences and lists its peaks', () => {
    // No stretch between its peaks is baseline: the noise windows and the gaps read peaks (15–120 × the noise).
    const example = exampleChromatograms.find((item) => item.key === 'example:crowded')!;
    const signal = generateExample(example);
    const result = processChromatogram({ timeSec: signal.timeSec, values: signal.values }, {});
    expect(result.detection?.noiseFromDifferences).toBe(true);
    expect(result.detection!.noiseSd / example.noise).toBeGreaterThan(0.8);
    expect(result.detection!.noiseSd / example.noise).toBeLessThan(1.25);
    const listed = result.peaks.filter((peak) => !peak.belowReportingThreshold);
    const found = example.peaks.filter((peak) =>
      listed.some((item) => Math.abs(item.retentionTimeSec - peak.retentionSec) < 3),
    );
    expect(found.length).toBeGreaterThanOrEqual(example.peaks.length - 1);
    expect(listed.length).toBe(found.length);
  });
});
