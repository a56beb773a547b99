// CSV exports as vendors and spreadsheets write them: footers, totals, missing readings, Latin-1 text.
import { describe, expect, it } from 'vitest';
import { ChromatogramFileError } from '../src/files/fileError.ts';
import { readChromatogram } from '../src/files/readChromatogram.ts';
import { readCsv } from '../src/files/readCsv.ts';

describe('CSV footers and summary rows', () => {
  it('skips trailing rows that are not data, with a note naming the first', () => {
    const file = readCsv('time (s),signal (mAU)\n0,1\n1,2\n2,3\nTotal area,6\nEnd of data\n');
    expect(Array.from(file.values)).toEqual([1, 2, 3]);
    expect(file.notes).toEqual(['Skipped 2 trailing rows that are not data, from line 5: "Total area,6"']);
  });

  it('still refuses an unreadable row inside the data, naming its line', () => {
    expect(() => readCsv('time (s),signal\n0,1\nabc,2\n2,3\n')).toThrow(
      new ChromatogramFileError('csv', 'CSV line 3 is not a time and a value: "abc,2"'),
    );
    expect(() => readCsv('time (s),signal\nSum,3\n')).toThrow('CSV file has a header but no data rows');
  });

  it('says when the time unit was assumed', () => {
    expect(readCsv('t,y\n0,1\n1,2\n').notes).toEqual([
      'The time column names no unit; it was read as minutes',
    ]);
    expect(readCsv('time (s),y\n0,1\n1,2\n').notes).toEqual([]);
  });
});

describe('CSV missing readings', () => {
  it('bridges empty, NaN and -9999 readings and counts them', () => {
    const file = readCsv('time (s),signal\n0,\n1,2\n2,NaN\n3,-9999\n4,8\n5,nan\n');
    expect(Array.from(file.values)).toEqual([2, 2, 4, 6, 8, 8]);
    expect(file.dropouts?.count).toBe(4);
    expect(file.dropouts?.rangeCount).toBe(3);
    expect(file.notes).toContain('4 missing readings (empty, NaN or -9999) bridged by linear interpolation');
  });

  it('refuses a file with no reading at all', () => {
    expect(() => readCsv('time (s),signal\n0,NaN\n1,\n')).toThrow('CSV file has no readings');
  });
});

describe('CSV text encodings', () => {
  it('reads a Latin-1 export (µV in the header) with a note, not as binary', () => {
    const text = 'time (s),signal (\u00b5V)\n0,1\n1,2\n';
    const bytes = Uint8Array.from(text, (character) => character.charCodeAt(0));
    const file = readChromatogram(bytes);
    expect(file.signalUnit).toBe('\u00b5V');
    expect(file.notes).toContain('The file is not UTF-8; it was read as Latin-1 (Windows) text');
  });

  it('reads UTF-8 with a BOM and a DOS end-of-file byte', () => {
    const text = '\ufefftime (s),signal (\u00b5V)\n0,1\n1,2\n\u001a';
    const file = readChromatogram(new TextEncoder().encode(text));
    expect(file.signalUnit).toBe('\u00b5V');
    expect(Array.from(file.values)).toEqual([1, 2]);
  });
});

describe('CSV files whose rows do not fill what they declare', () => {
  const rows = (count: number, from = 0, stepSec = 0.2) =>
    Array.from({ length: count }, (_, i) => `${(from + i * stepSec).toFixed(2)},${(i % 7) * 0.1}`);

  it('notes a declared number of points the rows do not reach, and reads the rows', () => {
    const file = readCsv(['Sample,Tea', 'Points,10', 'time (s),signal (mAU)', ...rows(6), ''].join('\n'));
    expect(file.timeSec.length).toBe(6);
    expect(file.signalUnit).toBe('mAU');
    expect(file.notes).toEqual([
      'The file declares 10 points but holds 6: the data end early (the rest may be cut off)',
    ]);
  });

  it('notes a declared end of the run the data stop short of', () => {
    const file = readCsv(
      ['End time (min): 10', 'time (min),signal', '0,1', '2,2', '4,3', '6,4', ''].join('\n'),
    );
    expect(file.notes).toEqual(['The file declares a run to 10.00 min but its data end at 6.00 min']);
    expect(
      readCsv(['End time (min): 6', 'time (min),signal', '0,1', '2,2', '4,3', '6,4', ''].join('\n')).notes,
    ).toEqual([]);
  });

  it('notes irregular time spacing: gaps and crowded steps', () => {
    const gap = readCsv(['time (s),signal', ...rows(10), ...rows(10, 5), ''].join('\n'));
    expect(gap.notes).toEqual([
      'Irregular time spacing: 1 gap longer than 1.5 × the usual step of 0.2 s, the longest 3.2 s after 0.03 min',
    ]);
    const crowded = readCsv(['time (s),signal', '0,1', '1,1', '1.1,1', '2,1', '3,1', '4,1', ''].join('\n'));
    expect(crowded.notes).toEqual(['Irregular time spacing: 1 step shorter than half the usual step of 1 s']);
    expect(readCsv(['time (s),signal', ...rows(50), ''].join('\n')).notes).toEqual([]);
  });

  it('leaves out a last line cut off in the middle, with a note', () => {
    const cut = readCsv(['time (s),signal,pressure', '0,1,100', '1,2,100', '2,3,100', '3,4'].join('\n'));
    expect(Array.from(cut.values)).toEqual([1, 2, 3]);
    expect(cut.notes).toEqual(['The last line is cut off ("3,4"); it was left out']);
    const noValue = readCsv(['time (s),signal', '0,1', '1,2', '2,3', '3,'].join('\n'));
    expect(Array.from(noValue.values)).toEqual([1, 2, 3]);
    expect(noValue.notes).toEqual(['The last line is cut off ("3,"); it was left out']);
    // Complete without a final new line: nothing to say.
    expect(readCsv(['time (s),signal', '0,1', '1,2', '2,3', '3,4'].join('\n')).notes).toEqual([]);
  });
});
