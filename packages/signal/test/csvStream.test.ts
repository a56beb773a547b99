// The CSV reader fed chunk by chunk, as an upload arrives: the same chromatogram, notes and refusals as the
// whole file at once, whatever the chunks' size (a UTF-8 sequence or a CR LF split between two of them),
// and text held between chunks bounded by construction — a file of any length read from a generator.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CsvStreamReader,
  MAX_PREAMBLE_CHARS,
  readCsv,
  readCsvStream,
  TooManyPointsError,
} from '../src/files/readCsv.ts';
import { hasReferenceData, readReference, referenceDataDir } from './files.ts';

function* chunksOf(bytes: Uint8Array, size: number): Generator<Uint8Array> {
  for (let start = 0; start < bytes.length; start += size) yield bytes.subarray(start, start + size);
}

const encode = (text: string) => new TextEncoder().encode(text);
const latin1 = (text: string) => Uint8Array.from(text, (character) => character.charCodeAt(0));

/** Whatever the whole-file reader answers — a chromatogram or a refusal — for comparison. */
async function outcome(read: () => unknown) {
  try {
    return { ok: await read() };
  } catch (error) {
    return { refused: (error as Error).message };
  }
}

const cases: Record<string, Uint8Array> = {
  footer: encode('time (s),signal (mAU)\n0,1\n1,2\n2,3\nTotal area,6\nEnd of data\n'),
  'row inside the data': encode('time (s),signal\n0,1\nabc,2\n2,3\n'),
  'header only': encode('time (s),signal\nSum,3\n'),
  'no unit, CR LF': encode('t,y\r\n0,1\r\n1,2\r\n2,4\r\n'),
  dropouts: encode('time (s),signal\n0,\n1,2\n2,NaN\n3,-9999\n4,8\n5,nan\n'),
  'latin-1': latin1('time (s),signal (\u00b5V)\n0,1\n1,2\n'),
  'utf-8 with BOM and end-of-file byte': encode('\ufefftime (s),signal (\u00b5V)\n0,1\n1,2\n\u001a'),
  'utf-16 with BOM': Uint8Array.from([
    0xff,
    0xfe,
    ...new Uint8Array(
      Uint16Array.from('t (min);y (mAU)\n0;1\n0.1;2\n0.2;1\n', (c) => c.charCodeAt(0)).buffer,
    ),
  ]),
  'declared points': encode(
    ['Sample,Tea', 'Points,10', 'time (s),signal (mAU)', '0,1', '1,2', '2,3', ''].join('\n'),
  ),
  'cut-off last line': encode(
    ['time (s),signal,pressure', '0,1,100', '1,2,100', '2,3,100', '3,4'].join('\n'),
  ),
  'last line without its end': encode(['time (s),signal', '0,1', '1,2', '2,3', '3,4'].join('\n')),
  'times not increasing': encode('time (s),signal\n0,1\n1,2\n1,3\n'),
  empty: encode('\n\n'),
  'second channel by name': encode('time (min)\t250\t280 (mAU)\n0\t1\t5\n0.5\t2\t6\n1\t3\t7\n'),
};

describe('the CSV reader fed chunk by chunk', () => {
  for (const [name, bytes] of Object.entries(cases)) {
    it(`reads "${name}" in chunks of 1, 2, 5 and 64 bytes as the whole file`, async () => {
      const channel = name === 'second channel by name' ? '280 (mAU)' : 0;
      const whole = await outcome(() => readCsv(bytes, { channel }));
      for (const size of [1, 2, 5, 64]) {
        expect(await outcome(() => readCsvStream(chunksOf(bytes, size), { channel }))).toEqual(whole);
      }
    });
  }

  it.runIf(hasReferenceData)('reads every CSV of the reference data in 4 KB chunks as at once', async () => {
    const folder = join(referenceDataDir, 'vendor/expected');
    const files = readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((file) =>
      file.endsWith('.csv'),
    );
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const bytes = readReference(join('vendor/expected', file));
      expect(await readCsvStream(chunksOf(bytes, 4096))).toEqual(readCsv(bytes));
    }
  });

  it('holds at most one chunk and one line of text, however long the file', async () => {
    const chunkBytes = 4096;
    const lines = 400_000;
    function* file(): Generator<Uint8Array> {
      yield encode('Points,400000\ntime (s),signal (mAU)\n');
      let pending = '';
      for (let i = 0; i < lines; i++) {
        pending += `${(i * 0.01).toFixed(2)},${Math.sin(i / 500).toFixed(5)}\n`;
        if (pending.length >= chunkBytes) {
          yield encode(pending.slice(0, chunkBytes));
          pending = pending.slice(chunkBytes);
        }
      }
      yield encode(pending);
    }
    const reader = new CsvStreamReader();
    let largest = 0;
    for (const chunk of file()) {
      reader.push(chunk);
      largest = Math.max(largest, reader.heldChars);
    }
    // The preamble line kept for what it declares, and the unfinished line of the last chunk.
    expect(largest).toBeLessThan('Points,400000'.length + 40);
    const read = reader.end();
    expect(read.values.length).toBe(lines);
    expect(read.notes).toEqual([]);
  });

  it('refuses the first point past the limit, before the rest of the file is read', async () => {
    let asked = 0;
    function* endless(): Generator<Uint8Array> {
      yield encode('time (s),signal\n');
      for (let i = 0; ; i++) {
        asked++;
        yield encode(`${i},${i % 3}\n`);
      }
    }
    await expect(readCsvStream(endless(), { maxPoints: 1000 })).rejects.toThrow(TooManyPointsError);
    expect(asked).toBe(1001);
  });

  it('refuses a preamble longer than a megabyte without holding more of it', () => {
    const reader = new CsvStreamReader();
    const line = encode(`${'note '.repeat(20)}\n`);
    expect(() => {
      for (let i = 0; i < MAX_PREAMBLE_CHARS; i++) reader.push(line);
    }).toThrow('CSV file has no data row in its first megabyte of text');
    expect(reader.heldChars).toBeLessThanOrEqual(MAX_PREAMBLE_CHARS + line.length);
  });
});
