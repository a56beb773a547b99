// Our time axis (actual_delay_time + i·actual_sampling_interval, in retention_unit) against each vendor's own
// peak table: a vendor's retention time must fall on a local maximum of the signal on our axis.
import { describe, expect, it } from 'vitest';
import type { Chromatogram } from '../src/files/chromatogram.ts';
import { readAia } from '../src/files/readAia.ts';
import { hasReferenceData, readReference } from './files.ts';

/**
 * Vendor retention times (s) with no local maximum within one sampling interval, and the distance in
 * samples to the nearest one. Each exception is explained in docs/processing.md (files).
 */
function misplaced(file: Chromatogram): { rt: number; samples: number }[] {
  const { timeSec: t, values: y } = file;
  const dt = ((t[t.length - 1] as number) - (t[0] as number)) / (t.length - 1);
  // A local maximum over ±2 samples (a flat top counts), so a noise wiggle on a flank does not pass.
  const isMaximum = (j: number) =>
    j >= 2 && j < y.length - 2 && [-2, -1, 1, 2].every((d) => (y[j + d] as number) <= (y[j] as number));
  const result: { rt: number; samples: number }[] = [];
  for (const peak of file.peakTable ?? []) {
    const rt = peak.retentionTimeSec as number;
    const centre = Math.round((rt - (t[0] as number)) / dt);
    let samples = Number.POSITIVE_INFINITY;
    for (let j = centre - 100; j <= centre + 100; j++) {
      if (isMaximum(j)) samples = Math.min(samples, Math.abs((t[j] as number) - rt) / dt);
    }
    if (samples > 1.01)
      result.push({ rt: Math.round(rt * 100) / 100, samples: Math.round(samples * 10) / 10 });
  }
  return result;
}

/** Vendor time minus the vertex of the parabola through the highest sample within ±2 samples, in samples. */
function apexOffsets(file: Chromatogram): number[] {
  const { timeSec: t, values: y } = file;
  const dt = (t[1] as number) - (t[0] as number);
  return (file.peakTable ?? []).map((peak) => {
    const rt = peak.retentionTimeSec as number;
    const k = Math.round((rt - (t[0] as number)) / dt);
    let j = k;
    for (let i = k - 2; i <= k + 2; i++) if ((y[i] as number) > (y[j] as number)) j = i;
    const [a, b, c] = [y[j - 1] as number, y[j] as number, y[j + 1] as number];
    const vertex = a - 2 * b + c === 0 ? 0 : (a - c) / (2 * (a - 2 * b + c));
    return (rt - (t[j] as number)) / dt - vertex;
  });
}

const read = (name: string) => readAia(readReference(`aia/${name}`));

describe.skipIf(!hasReferenceData)('AIA retention-time convention against the vendor peak tables', () => {
  it('agilent_hplc.cdf (ChemStation): all 8 apexes on our axis, none one sample later', () => {
    const file = read('agilent_hplc.cdf');
    expect(file.timeSec[0]).toBeCloseTo(0.012, 6);
    expect(misplaced(file)).toEqual([]);
    // The vendor time is the parabolic apex on our axis (a shifted axis would put it a sample away).
    for (const offset of apexOffsets(file)) expect(Math.abs(offset)).toBeLessThanOrEqual(0.51);
  });

  it('HP-CH.CDF (HP ChemStation, 1.04 s delay): all 19 apexes on our axis, not on a shifted one', () => {
    const file = read('HP-CH.CDF');
    expect(file.timeSec[0]).toBeCloseTo(1.04, 5);
    expect(misplaced(file)).toEqual([]);
    // The vendor time is the parabolic apex on our axis (a shifted axis would put it a sample away).
    for (const offset of apexOffsets(file)) expect(Math.abs(offset)).toBeLessThanOrEqual(0.51);
  });

  it('CLASSVP.CDF (EZChrom, times in minutes): all 7 apexes on our axis in seconds', () => {
    const file = read('CLASSVP.CDF');
    expect(file.timeSec[1]! - file.timeSec[0]!).toBeCloseTo(0.25, 5);
    expect(misplaced(file)).toEqual([]);
    // The vendor time is the parabolic apex on our axis (a shifted axis would put it a sample away).
    for (const offset of apexOffsets(file)) expect(Math.abs(offset)).toBeLessThanOrEqual(0.51);
  });

  it('WAT_490.CDF (Waters): within one interval, the vendor times one sample later than the AIA axis', () => {
    const file = read('WAT_490.CDF');
    expect(misplaced(file)).toEqual([]);
    // Waters reports the apex sample i at (i + 1)·Δt: on our axis every vendor time is 0.5–1.3 Δt late.
    const { timeSec: t, values: y } = file;
    for (const peak of file.peakTable!) {
      const k = Math.round(peak.retentionTimeSec! - t[0]!);
      const apex = [k - 2, k - 1, k, k + 1].reduce((best, j) => (y[j]! > y[best]! ? j : best));
      expect(peak.retentionTimeSec! - t[apex]!).toBe(1);
    }
  });

  it('DIONEX.CDF (PeakNet): vendor times on a 0.4 s grid; three documented off the apex', () => {
    const file = read('DIONEX.CDF');
    expect(
      file.peakTable!.every(
        (p) => Math.abs(p.retentionTimeSec! / 0.4 - Math.round(p.retentionTimeSec! / 0.4)) < 1e-4,
      ),
    ).toBe(true);
    expect(misplaced(file)).toEqual([
      { rt: 172.8, samples: 2 },
      { rt: 204.8, samples: 10 },
      { rt: 294.4, samples: 3 },
    ]);
  });

  it('SPA.CDF (Spectra-Physics): 25 of 28 on our axis, 3 within 5 samples on broad tops', () => {
    const file = read('SPA.CDF');
    const off = misplaced(file);
    expect(off).toEqual([
      { rt: 721.4, samples: 3 },
      { rt: 747.4, samples: 5 },
      { rt: 2371.1, samples: 2 },
    ]);
  });

  it('tgnthpgc.cdf (Thru-Put, no peak table): the negative delay starts the axis before injection', () => {
    const file = read('tgnthpgc.cdf');
    expect(file.timeSec[0]).toBeCloseTo(-0.013, 6);
    expect(file.timeSec[93_002]! - file.timeSec[0]!).toBeCloseTo(93_002 * 0.02, 3);
  });
});
