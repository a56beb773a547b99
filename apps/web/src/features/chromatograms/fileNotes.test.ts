import { describe, expect, it } from 'vitest';
import { fileNotes } from './fileNotes.ts';

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
