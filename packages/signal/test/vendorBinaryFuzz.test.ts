// Damaged vendor files: every truncation and flipped byte ends in a ChromatogramFileError or a clean read,
// never a RangeError/TypeError from the byte reads, never a hang.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ChromatogramFileError } from '../src/files/fileError.ts';
import { readAgilentCh } from '../src/files/vendor/readAgilentCh.ts';
import { readAgilentUv } from '../src/files/vendor/readAgilentUv.ts';
import { readWatersChromsInf, readWatersTrace } from '../src/files/vendor/waters.ts';
import { seededRandom } from '../src/random/seededRandom.ts';
import { referenceDataDir, readReference } from './files.ts';

const hasVendorData = existsSync(join(referenceDataDir, 'vendor/agilent/brown.D/dad1A.ch'));
if (process.env.CI && !hasVendorData) throw new Error('CI needs the vendor files in ../shared/data/vendor');

/** Reads a file and returns how many samples came out. */
type Reader = (bytes: Uint8Array) => number;

/**
 * Where the samples end: a cut beyond it loses nothing that is read (the .uv file keeps an index of its
 * spectra after them, at the big-endian end offset stored at 0x104).
 */
function samplesEnd(path: string, bytes: Uint8Array): number {
  if (!path.endsWith('.uv')) return bytes.length;
  return new DataView(bytes.buffer, bytes.byteOffset).getUint32(0x104, false);
}

const readers: [string, string, Reader][] = [
  ['.ch version 30', 'agilent/brown.D/dad1A.ch', (bytes) => readAgilentCh(bytes).values.length],
  ['.ch version 130', 'agilent/orange.D/ADC1A.CH', (bytes) => readAgilentCh(bytes).values.length],
  ['.ch version 179', 'agilent/pink.D/DAD1A.ch', (bytes) => readAgilentCh(bytes).values.length],
  ['.uv version 31', 'agilent/brown.D/dad1.uv', (bytes) => readAgilentUv(bytes).absorbance.length],
  ['_CHRO.DAT', 'waters/white.raw/_CHRO002.DAT', (bytes) => readWatersTrace(bytes).values.length],
  ['_CHROMS.INF', 'waters/white.raw/_CHROMS.INF', (bytes) => readWatersChromsInf(bytes).length],
];

/** The outcome of one read: the sample count, or the kind of a ChromatogramFileError; anything else fails. */
function attempt(read: Reader, bytes: Uint8Array): number | string {
  try {
    return read(bytes);
  } catch (error) {
    if (error instanceof ChromatogramFileError) {
      expect(error.message).not.toMatch(/\n/);
      return error.kind;
    }
    throw new Error(`${String(error)} is not a ChromatogramFileError`);
  }
}

describe.skipIf(!hasVendorData)('damaged vendor files', () => {
  it.each(readers)('%s: truncations are refused or read fewer samples', (_label, path, read) => {
    const whole = readReference(`vendor/${path}`);
    const complete = read(whole);
    const random = seededRandom(34);
    const end = samplesEnd(path, whole);
    const lengths = [0, 1, 2, 100, 0x200, end - 1, end - 2, end - 8].filter((length) => length < end);
    for (let i = 0; i < 40; i++) lengths.push(Math.floor(random() * whole.length));
    for (const length of lengths) {
      const outcome = attempt(read, whole.slice(0, length));
      if (typeof outcome === 'number' && length < end) {
        expect(outcome, `cut at ${length}`).toBeLessThan(complete);
      }
    }
  });

  it.each(readers)('%s: flipped bytes are refused or read cleanly', (_label, path, read) => {
    const whole = readReference(`vendor/${path}`);
    const random = seededRandom(3434);
    for (let trial = 0; trial < 60; trial++) {
      const damaged = whole.slice();
      const flips = 1 + Math.floor(random() * 4);
      for (let flip = 0; flip < flips; flip++) {
        // Half the flips land in the first 0x300 bytes, where the headers are.
        const span = random() < 0.5 ? Math.min(0x300, whole.length) : whole.length;
        const at = Math.floor(random() * span);
        damaged[at] = (damaged[at] as number) ^ (1 + Math.floor(random() * 255));
      }
      attempt(read, damaged);
    }
  });
});
