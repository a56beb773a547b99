import { describe, expect, it } from 'vitest';
import type { Peak } from '../figures/peak.ts';
import { quantify, responseFactor } from './quantify.ts';

describe('quantify', () => {
  const peak = (retentionTimeSec: number, area: number) => ({ retentionTimeSec, area }) as Peak;
  const peaks = [peak(100, 50), peak(200, 400), peak(205, 20)];
  it('matches by expected retention time within the window and reads the amount', () => {
    const [result] = quantify(peaks, [
      { name: 'A', expectedRetentionTimeSec: 198, windowSec: 10, responseFactor: responseFactor(200, 1) },
    ]);
    expect(result).toMatchObject({ ok: true, amount: 2, peakIndex: 1 });
  });
  it('reports the spec §8 measurement errors', () => {
    const analyte = { name: 'A', expectedRetentionTimeSec: 300, windowSec: 5, responseFactor: 2 };
    expect(quantify(null, [analyte])[0]).toMatchObject({ error: 'measurement_no_injection' });
    expect(quantify(peaks, [analyte])[0]).toMatchObject({ error: 'measurement_no_peak' });
    expect(quantify(peaks, [{ ...analyte, hasStandard: false }])[0]).toMatchObject({
      error: 'measurement_no_standard',
    });
    expect(
      quantify(peaks, [{ ...analyte, expectedRetentionTimeSec: 100, responseFactor: null }])[0],
    ).toMatchObject({
      error: 'measurement_no_response_factor',
    });
  });
});
