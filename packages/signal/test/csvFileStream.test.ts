// An uploaded file read as it arrives: the same chromatogram or refusal as `readChromatogram` gives the whole
// file, whatever the chunks' size — the empty and binary refusals too, and a DOS end-of-file byte that is
// text only as the file's last byte — and the formats read whole named by their first bytes.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CsvFileStream,
  FILE_MAGIC_BYTES,
  readChromatogram,
  readsWhole,
} from '../src/files/readChromatogram.ts';
import { hasReferenceData, readReference, referenceDataDir } from './files.ts';

const encode = (text: string) => new TextEncoder().encode(text);

function outcome(read: () => unknown) {
  try {
    return { ok: read() };
  } catch (error) {
    return { refused: (error as Error).message };
  }
}

function streamed(bytes: Uint8Array, size: number, maxPoints?: number) {
  const reader = new CsvFileStream(maxPoints === undefined ? {} : { maxPoints });
  for (let start = 0; start < bytes.length; start += size) reader.push(bytes.subarray(start, start + size));
  return reader.end();
}

const cases: Record<string, Uint8Array> = {
  empty: new Uint8Array(0),
  'one byte of text': encode('5'),
  'one binary byte': new Uint8Array([0]),
  zeros: new Uint8Array(300),
  png: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  'a binary byte late in the data': encode(`time (s),signal\n${'0,1\n1,2\n'.repeat(20)}\u0001`),
  'an end-of-file byte last': encode('time (s),signal\n0,1\n1,2\n2,3\n\u001a'),
  'an end-of-file byte inside': encode('time (s),signal\n0,1\n\u001a1,2\n2,3\n'),
  'utf-16 with BOM': Uint8Array.from([
    0xff,
    0xfe,
    ...new Uint8Array(
      Uint16Array.from('t (min);y (mAU)\n0;1\n0.1;2\n0.2;1\n', (c) => c.charCodeAt(0)).buffer,
    ),
  ]),
  'a CSV with a footer': encode('time (s),signal (mAU)\n0,1\n1,2\n2,3\nTotal area,6\n'),
};

describe('an uploaded file read as it arrives', () => {
  for (const [name, bytes] of Object.entries(cases)) {
    it(`reads "${name}" in chunks of 1, 2, 5 and 64 bytes as readChromatogram reads it whole`, () => {
      const whole = outcome(() => readChromatogram(bytes));
      for (const size of [1, 2, 5, 64]) expect(outcome(() => streamed(bytes, size))).toEqual(whole);
    });
  }

  it('refuses the first point past the limit, whole or in chunks, saying there are more', () => {
    const bytes = encode(`time (s),signal\n${Array.from({ length: 50 }, (_, i) => `${i},1\n`).join('')}`);
    const refusal = { refused: 'The file holds more than 20 points; at most 20 can be imported.' };
    expect(outcome(() => readChromatogram(bytes, { maxPoints: 20 }))).toEqual(refusal);
    expect(outcome(() => streamed(bytes, 7, 20))).toEqual(refusal);
    expect(outcome(() => streamed(bytes, 7, 50))).toEqual(outcome(() => readChromatogram(bytes)));
  });

  it.runIf(hasReferenceData)('names every AIA file of the reference data as read whole, no CSV', () => {
    for (const file of readdirSync(join(referenceDataDir, 'aia'))) {
      const head = readReference(join('aia', file)).subarray(0, FILE_MAGIC_BYTES);
      expect(readsWhole(head)).toBe(true);
    }
    const csv = readReference('vendor/expected/pink/DAD1A.csv');
    expect(readsWhole(csv.subarray(0, FILE_MAGIC_BYTES))).toBe(false);
    expect(streamed(csv, 65_536)).toEqual(readChromatogram(csv));
    expect(readsWhole(new Uint8Array([0x89, 0x48, 0x44, 0x46]))).toBe(true);
  });
});
