import { describe, expect, it } from 'vitest';
import { readAia } from '../src/files/readAia.ts';
import { readChromatogram } from '../src/files/readChromatogram.ts';
import { readCsv } from '../src/files/readCsv.ts';
import { writeAia } from '../src/files/writeAia.ts';
import { writeCsv } from '../src/files/writeCsv.ts';
import { utf8Encode } from '../src/files/textCodec.ts';
import { measurePeak } from '../src/figures/measurePeak.ts';
import { hasReferenceData, readReference } from './files.ts';
import { vendorLimits } from './vendorLimits.ts';

describe.skipIf(!hasReferenceData)('AIA reference files', () => {
  it('reads agilent_hplc.cdf: time axis, unit and the 8-peak table', () => {
    const file = readAia(readReference('aia/agilent_hplc.cdf'));
    expect(file.values.length).toBe(4651);
    expect(file.timeSec[0]).toBeCloseTo(0.012, 6);
    expect(file.timeSec[1]! - file.timeSec[0]!).toBeCloseTo(0.4, 6);
    expect(file.signalUnit).toBe('mAU');
    expect(file.peakTable).toHaveLength(8);
    expect(file.peakTable!.map((p) => `${p.startCode}${p.stopCode}`)).toEqual([
      'BB',
      'BB',
      'BB',
      'BV',
      'VB',
      'BB',
      'BB',
      'BB',
    ]);
    const total = file.peakTable!.reduce((sum, p) => sum + p.areaPercent!, 0);
    expect(total).toBeCloseTo(100, 3);
  });

  it('reproduces the ChemStation areas and heights of agilent_hplc.cdf from its own limits to 1e-3', () => {
    const file = readAia(readReference('aia/agilent_hplc.cdf'));
    for (const vendor of file.peakTable!) {
      const peak = measurePeak(file.timeSec, file.values, vendorLimits(file.timeSec, file.values, vendor));
      expect(Math.abs(peak.area / vendor.area! - 1)).toBeLessThan(1e-3);
      expect(Math.abs(peak.height / vendor.height! - 1)).toBeLessThan(1e-3);
    }
  });

  it('reproduces the 19 HP-CH.CDF areas from its own limits to 1e-3', () => {
    const file = readAia(readReference('aia/HP-CH.CDF'));
    expect(file.peakTable).toHaveLength(19);
    for (const vendor of file.peakTable!) {
      const peak = measurePeak(file.timeSec, file.values, vendorLimits(file.timeSec, file.values, vendor));
      expect(Math.abs(peak.area / vendor.area! - 1)).toBeLessThan(1e-3);
    }
  });

  it('converts Minutes to seconds and normalises Volts (CLASSVP.CDF)', () => {
    const file = readAia(readReference('aia/CLASSVP.CDF'));
    expect(file.signalUnit).toBe('V');
    expect(file.timeSec[1]! - file.timeSec[0]!).toBeCloseTo(0.25, 4);
    expect(file.timeSec[file.timeSec.length - 1]).toBeCloseTo(359.75, 2);
    expect(file.peakTable!.map((p) => p.name).filter(Boolean)).toEqual([
      'Peak 1',
      'Peak 2',
      'Peak 3',
      'Peak 4',
      'Peak 5',
    ]);
    expect(file.peakTable![0]!.retentionTimeSec! / 60).toBeLessThan(6);
  });

  it('reads plural unit attributes and files without a peak table (EXAMPLE.CDF)', () => {
    const file = readAia(readReference('aia/EXAMPLE.CDF'));
    expect(file.values.length).toBe(4000);
    expect(file.timeSec[1]! - file.timeSec[0]!).toBeCloseTo(0.1, 5);
    expect(file.signalUnit).toBe('abundance units');
    expect(file.peakTable).toBeUndefined();
  });

  it('reads µV, a negative delay and contradictory sampling flags (tgnthpgc.cdf)', () => {
    const file = readAia(readReference('aia/tgnthpgc.cdf'));
    expect(file.signalUnit).toBe('µV');
    expect(file.values.length).toBe(93003);
    expect(file.timeSec[0]).toBeCloseTo(-0.013, 4);
  });

  it('turns inf and -9999 peak values into null (WAT_490.CDF)', () => {
    const file = readAia(readReference('aia/WAT_490.CDF'));
    expect(file.signalUnit).toBe('AU');
    expect(file.peakTable!.map((p) => p.name)).toContain('Ethyl Paraben');
    expect(file.peakTable!.some((p) => p.amount === null)).toBe(true);
  });

  it('writes agilent_hplc.cdf back to a file that reads identically', () => {
    const original = readAia(readReference('aia/agilent_hplc.cdf'));
    const again = readAia(writeAia(original));
    expect(Array.from(again.values)).toEqual(Array.from(original.values));
    expect(Array.from(again.timeSec)).toEqual(Array.from(original.timeSec));
    expect(again.signalUnit).toBe('mAU');
    expect(again.peakTable).toEqual(
      original.peakTable!.map((p) => ({
        ...p,
        amount: null,
        width: p.width,
      })),
    );
  });

  it('round-trips CSV', () => {
    const original = readAia(readReference('aia/agilent_hplc.cdf'));
    const again = readChromatogram(utf8Encode(writeCsv(original)));
    expect(Array.from(again.values)).toEqual(Array.from(original.values));
    expect(Array.from(again.timeSec)).toEqual(Array.from(original.timeSec));
    expect(again.signalUnit).toBe('mAU');
  });
});

describe('file errors', () => {
  it('names the problem for malformed input', () => {
    expect(() => readAia(new Uint8Array([0x43, 0x44, 0x46, 0x01, 0, 0]))).toThrow(
      /^Not a valid AIA file: it is truncated/,
    );
    expect(() => readChromatogram(new Uint8Array())).toThrow('The file is empty');
    expect(() => readCsv('time (s),signal\n0,1\n1,abc\n')).toThrow('CSV line 3 is not a time and a value');
    expect(() => readCsv('0,1\n0,2\n')).toThrow('CSV times must increase (line 2)');
  });
  it('reads UTF-16 CSV in minutes with several channels', () => {
    const text = '\uFEFF,250,254\n0.0,1,2\n0.5,3,4\n';
    const bytes = new Uint8Array(text.length * 2);
    for (let i = 0; i < text.length; i++) bytes[2 * i] = text.charCodeAt(i);
    bytes[0] = 0xff;
    bytes[1] = 0xfe;
    const file = readCsv(bytes, { channel: '254' });
    expect(Array.from(file.timeSec)).toEqual([0, 30]);
    expect(Array.from(file.values)).toEqual([2, 4]);
  });
});
