// File versions not among the shared files, built byte by byte from the format (docs/formats.md).
import { describe, expect, it } from 'vitest';
import { ChromatogramFileError } from '../src/files/fileError.ts';
import { readAgilentCh } from '../src/files/vendor/readAgilentCh.ts';
import { readAgilentUv } from '../src/files/vendor/readAgilentUv.ts';
import { readWatersTrace } from '../src/files/vendor/waters.ts';

/** A long (UTF-16) ChemStation header of the given version with its data from block 13 (byte 0x1800). */
function longHeaderFile(version: string, data: number[]): Uint8Array {
  const bytes = new Uint8Array(0x1800 + data.length);
  const view = new DataView(bytes.buffer);
  bytes[0] = version.length;
  for (let i = 0; i < version.length; i++) bytes[1 + i] = version.charCodeAt(i);
  view.setUint32(0x108, 13, false);
  view.setFloat32(0x11a, 600, false);
  view.setFloat32(0x11e, 1800, false);
  view.setFloat64(0x127c, 0.5, false);
  const unit = 'mAU';
  bytes[0x104c] = unit.length;
  for (let i = 0; i < unit.length; i++) view.setUint16(0x104d + 2 * i, unit.charCodeAt(i), true);
  bytes.set(data, 0x1800);
  return bytes;
}

function int16(value: number): number[] {
  return [(value >> 8) & 0xff, value & 0xff];
}

describe('Agilent file versions', () => {
  it('reads version 181 (second differences with a 48-bit absolute value)', () => {
    // 1000 (absolute), then +10, +10, −30 as differences of differences: 1000, 1010, 1020, 1000.
    const data = [...int16(0x7fff), 0, 0, 0, 0, 0x03, 0xe8, ...int16(10), ...int16(0), ...int16(-30)];
    const read = readAgilentCh(longHeaderFile('181', data));
    expect(Array.from(read.values)).toEqual([500, 505, 510, 500]);
    expect(Array.from(read.timeSec)).toEqual([0.6, 1, 1.4, 1.8]);
    expect(read.signalUnit).toBe('mAU');
    expect(read.metadata.file_format).toBe('Agilent .ch version 181');
  });

  it('names an unknown version', () => {
    expect(() => readAgilentCh(longHeaderFile('182', [0, 0]))).toThrowError(
      new ChromatogramFileError(
        'vendor_version',
        'Agilent .ch file version "182" is not supported (known: 8, 30, 81, 130, 179, 181)',
      ),
    );
    expect(() => readAgilentUv(longHeaderFile('132', [0, 0]))).toThrowError(/version "132" is not supported/);
  });

  it('refuses a file with no version at its start', () => {
    expect(() => readAgilentCh(new Uint8Array([0xff, 0xfe, 1, 2, 3]))).toThrowError(/no file version/);
  });
});

describe('Waters tables', () => {
  it('names a table version it does not know', () => {
    const bytes = new Uint8Array(0x80);
    new DataView(bytes.buffer).setUint16(0, 0x80, true);
    new DataView(bytes.buffer).setUint16(2, 2, true);
    expect(() => readWatersTrace(bytes)).toThrowError(/table version 2 is not supported/);
  });
});
