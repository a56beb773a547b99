// A vendor's table reproduced with integration events written as the vendor's method would have them
// (docs/processing.md "Integration events", "Vendor tables by events"); the automatic default is unchanged.
import { describe, expect, it } from 'vitest';
import { readChromatogram } from '../src/files/readChromatogram.ts';
import { processChromatogram } from '../src/pipeline/processChromatogram.ts';
import type { IntegrationEventInput } from '../src/events/timedEvents.ts';
import { hasReferenceData, readReference } from './files.ts';

if (process.env.CI && !hasReferenceData) throw new Error('../shared/data is required under CI');

/** Whether the reported peaks are the vendor's, one for one (retention times within 2 s). */
function sameList(file: string, events: IntegrationEventInput[]) {
  const chromatogram = readChromatogram(readReference(`aia/${file}`));
  const vendor = (chromatogram.peakTable ?? []).map((row) => row.retentionTimeSec!);
  const signal = { timeSec: chromatogram.timeSec, values: chromatogram.values };
  const listed = (result: ReturnType<typeof processChromatogram>) =>
    result.peaks.filter((peak) => !peak.belowReportingThreshold).map((peak) => peak.retentionTimeSec);
  const ours = listed(processChromatogram(signal, { integration_events: events }));
  const plain = listed(processChromatogram(signal));
  const matches = (times: number[]) =>
    times.length === vendor.length && vendor.every((v, k) => Math.abs(v - times[k]!) <= 2);
  return { withEvents: matches(ours), without: matches(plain) };
}

describe.skipIf(!hasReferenceData)('vendor tables by integration events', () => {
  it.each<[string, IntegrationEventInput[]]>([
    // Integration off until the first peak the vendor reports (ChemStation's initial Integration Off).
    ['agilent_hplc.cdf', [{ kind: 'inhibit', start_sec: 0, end_sec: 180 }]],
    // …and a threshold of 1 mV over the rider at 262 s, below the automatic S/N 10 limit.
    [
      'CLASSVP.CDF',
      [
        { kind: 'inhibit', start_sec: 0, end_sec: 90 },
        { kind: 'threshold', start_sec: 255, end_sec: 275, value: 0.001 },
      ],
    ],
  ])('%s: the events list exactly the vendor’s peaks', (file, events) => {
    expect(sameList(file, events)).toMatchObject({ withEvents: true, without: false });
  });

  it('HP-CH.CDF: an area reject from 500 s lists exactly the vendor’s 19 peaks', () => {
    const file = readChromatogram(readReference('aia/HP-CH.CDF'));
    const signal = { timeSec: file.timeSec, values: file.values };
    const vendor = (file.peakTable ?? []).map((row) => row.retentionTimeSec!);
    const near = (a: number, b: number) => Math.abs(a - b) <= 2;
    const extrasOf = (times: number[]) => times.filter((t) => !vendor.some((v) => near(v, t)));

    const plain = processChromatogram(signal).peaks.map((peak) => peak.retentionTimeSec);
    // Without events: two small peaks after 500 s the vendor does not list (areas 4.1 and 5.6 mAU·s).
    expect(extrasOf(plain).map(Math.round)).toEqual([522, 600]);

    // ChemStation's Area Reject as a timed event: 8 mAU·s lies above both and far below the vendor's smallest
    // peak after 500 s (125 mAU·s).
    const result = processChromatogram(signal, {
      integration_events: [{ kind: 'area_reject', start_sec: 500, value: 8 }],
    });
    const times = result.peaks.map((peak) => peak.retentionTimeSec);
    expect(extrasOf(times)).toEqual([]);
    expect(vendor.every((v) => times.some((t) => near(v, t)))).toBe(true);
    expect(times).toHaveLength(vendor.length);
  });
});
