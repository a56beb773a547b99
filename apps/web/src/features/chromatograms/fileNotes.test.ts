import { describe, expect, it } from 'vitest';
import { fileDetails, fileNotes } from './fileNotes.ts';

describe('fileNotes', () => {
  it("reads the reader's notes from an imported measurement's metadata", () => {
    const metadata = {
      file_name: 'run.cdf',
      dropouts: { count: 2, rangeCount: 1, bridgedRanges: [] },
      notes: ['2 missing samples (-9999 or NaN) in 1 run bridged by linear interpolation'],
    };
    expect(fileNotes(metadata)).toEqual([
      '2 missing samples (-9999 or NaN) in 1 run bridged by linear interpolation',
    ]);
  });

  it('gives none for instrument measurements and malformed metadata', () => {
    expect(fileNotes({})).toEqual([]);
    expect(fileNotes(null)).toEqual([]);
    expect(fileNotes('notes')).toEqual([]);
    expect(fileNotes({ notes: ['kept', 3, null] })).toEqual(['kept']);
  });
});

describe('fileDetails', () => {
  it('lists the method, operator, instrument and detector a file names, in that order', () => {
    expect(
      fileDetails({
        detector_name: 'DAD1 A',
        operator: 'DF',
        method_name: 'LC6-BIN.MET',
        sample_name: 'Cola',
        instrument: 'LC-1',
      }),
    ).toEqual([
      { label: 'Method', value: 'LC6-BIN.MET' },
      { label: 'Operator', value: 'DF' },
      { label: 'Instrument', value: 'LC-1' },
      { label: 'Detector', value: 'DAD1 A' },
    ]);
  });

  it('leaves out blanks and values that are not text', () => {
    expect(fileDetails({ method_name: '  ', operator: 7, instrument: null })).toEqual([]);
    expect(fileDetails(null)).toEqual([]);
    expect(fileDetails('method')).toEqual([]);
  });
});
