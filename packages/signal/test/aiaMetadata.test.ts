// What an AIA file says about its run, read as a person reads it: NUL padding and "none" placeholders are
// not text, a method path is kept to its file name, and the method and operator take the names a vendor
// run's reader gives them (method_name, operator).
import { describe, expect, it } from 'vitest';
import { readAia } from '../src/files/readAia.ts';
import { writeAia } from '../src/files/writeAia.ts';
import { hasReferenceData, readReference } from './files.ts';

describe.skipIf(!hasReferenceData)('AIA run details of the vendor files', () => {
  const metadataOf = (name: string) => readAia(readReference(`aia/${name}`)).metadata;

  it('reads the method and operator each data system wrote', () => {
    // EZChrom: a NUL-padded path in detection_method_name and a NUL-padded operator.
    expect(metadataOf('CLASSVP.CDF')).toMatchObject({ method_name: 'LC6-BIN.MET', operator: 'DF' });
    expect(metadataOf('agilent_hplc.cdf')).toMatchObject({
      method_name: 'POS 3 IC 90-10 31 MIN.M',
      operator: 'SYSTEM',
    });
    // Spectra-Physics: the operator's field holds "RK", a NUL, then leftover bytes.
    expect(metadataOf('SPA.CDF').operator).toBe('RK');
  });

  it('keeps no placeholder, padding or blank as a value', () => {
    const dionex = metadataOf('DIONEX.CDF');
    expect(dionex.method_name).toBeUndefined(); // company_method_name "none"
    expect(dionex.operator).toBeUndefined(); // " "
    expect(dionex.experiment_title).toBe('7 ANIONS ON AS4A COLUMN');
    expect(metadataOf('HP-CH.CDF').method_name).toBeUndefined(); // ""
    for (const name of ['CLASSVP.CDF', 'DIONEX.CDF', 'HP-CH.CDF', 'SPA.CDF', 'WAT_490.CDF']) {
      for (const value of Object.values(metadataOf(name))) {
        expect(value.includes('\u0000')).toBe(false);
        expect(value).toBe(value.trim());
      }
    }
  });
});

describe('AIA run details', () => {
  it('has no method or operator when the file names none', () => {
    const bytes = writeAia({
      timeSec: Float64Array.from([0, 1, 2, 3]),
      values: Float64Array.from([0, 1, 0, 0]),
      signalUnit: 'mAU',
      metadata: {},
    });
    const { metadata } = readAia(bytes);
    expect(metadata.method_name).toBeUndefined();
    expect(metadata.operator).toBeUndefined();
  });
});

describe('AIA run details written back', () => {
  it('keeps the method and operator through an export and a re-import', () => {
    const bytes = writeAia({
      timeSec: Float64Array.from([0, 1, 2, 3]),
      values: Float64Array.from([0, 1, 0, 0]),
      signalUnit: 'mAU',
      metadata: { method_name: 'CAFFEINE.M', operator: 'Ada Lovelace', sample_name: 'Cola' },
    });
    expect(readAia(bytes).metadata).toMatchObject({
      method_name: 'CAFFEINE.M',
      operator: 'Ada Lovelace',
      sample_name: 'Cola',
    });
  });
});
