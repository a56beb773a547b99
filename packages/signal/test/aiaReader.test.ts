// The netCDF-3 reader against netcdfjs (an independent implementation), and its handling of broken files.
import { NetCDFReader } from 'netcdfjs';
import { describe, expect, it } from 'vitest';
import { ChromatogramFileError } from '../src/files/fileError.ts';
import { Netcdf3Reader } from '../src/files/netcdf3Reader.ts';
import { readAia } from '../src/files/readAia.ts';
import { readChromatogram } from '../src/files/readChromatogram.ts';
import { writeAia } from '../src/files/writeAia.ts';
import { hasReferenceData, readReference } from './files.ts';

const AIA_FILES = [
  'agilent_hplc.cdf',
  'HP-CH.CDF',
  'WAT_490.CDF',
  'CLASSVP.CDF',
  'DIONEX.CDF',
  'SPA.CDF',
  'EXAMPLE.CDF',
  'tgnthpgc.cdf',
];

/** The error thrown by `read`, which must be a one-line ChromatogramFileError without runtime internals. */
function failure(read: () => unknown): ChromatogramFileError {
  try {
    read();
  } catch (error) {
    expect(error).toBeInstanceOf(ChromatogramFileError);
    const message = (error as Error).message;
    expect(message).not.toMatch(/\n|DataView|RangeError|Offset|bounds|undefined/);
    return error as ChromatogramFileError;
  }
  throw new Error('expected the read to fail');
}

describe.skipIf(!hasReferenceData)('netCDF-3 reader on the vendor files', () => {
  it.each(AIA_FILES)('reads every variable and attribute of %s as netcdfjs does', (name) => {
    const bytes = readReference(`aia/${name}`);
    const ours = new Netcdf3Reader(bytes);
    const theirs = new NetCDFReader(bytes);
    expect(ours.variables.map((v) => v.name)).toEqual(theirs.variables.map((v) => v.name));
    for (const attribute of theirs.globalAttributes) {
      const value = ours.attribute(attribute.name)?.value;
      if (typeof attribute.value === 'string') {
        expect(value).toBe(attribute.value.replace(/\0.*$/s, '').trim());
      } else expect([value].flat()).toEqual([attribute.value].flat());
    }
    for (const variable of theirs.variables) {
      const expected = theirs.getDataVariable(variable.name);
      if (variable.type === 'char') {
        const rows = ours.strings(variable.name) ?? [];
        const shape = ours.variable(variable.name)?.shape ?? [];
        const rowLength = shape[shape.length - 1] ?? 1;
        rows.forEach((row, index) => {
          const cells = expected.slice(index * rowLength, (index + 1) * rowLength) as string[];
          const end = cells.indexOf('');
          expect(row).toBe((end < 0 ? cells : cells.slice(0, end)).join('').trim());
        });
      } else {
        // netcdfjs also returns the padding of a short variable (vsize is rounded up to 4 bytes).
        const values = Array.from(ours.numbers(variable.name) ?? []);
        expect(values).toEqual(expected.flat().slice(0, values.length));
        expect(expected.length - values.length).toBeLessThan(2);
      }
    }
  });

  it('gives a one-line "not a valid AIA file" error for every truncation of agilent_hplc.cdf', () => {
    const bytes = readReference('aia/agilent_hplc.cdf');
    for (let length = 3; length < bytes.length; length += length < 2000 ? 7 : 401) {
      const error = failure(() => readChromatogram(bytes.subarray(0, length)));
      expect(error.message).toMatch(/^Not a valid AIA file/);
      expect(['truncated', 'not_aia']).toContain(error.kind);
    }
  });
});

describe('broken and foreign files', () => {
  it('names a file cut inside its header or its data as truncated', () => {
    const file = writeAia({
      timeSec: Float64Array.from({ length: 100 }, (_, i) => i),
      values: Float64Array.from({ length: 100 }, (_, i) => i % 7),
      signalUnit: 'mAU',
      metadata: {},
    });
    expect(failure(() => readAia(file.subarray(0, 40))).message).toBe(
      'Not a valid AIA file: it is truncated (the file ends inside its header)',
    );
    expect(failure(() => readAia(file.subarray(0, file.length - 10))).message).toMatch(
      /^Not a valid AIA file: it is truncated \(ordinate_values needs \d+ bytes, the file has \d+\)$/,
    );
  });

  it('refuses binary content as binary, never as a CSV guess', () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    expect(failure(() => readChromatogram(png)).kind).toBe('binary');
    const garbage = Uint8Array.from({ length: 4096 }, (_, i) => (i * 2_654_435_761) >>> 24);
    expect(failure(() => readChromatogram(garbage)).kind).toBe('binary');
    const hdf5 = Uint8Array.from([0x89, 0x48, 0x44, 0x46, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(failure(() => readChromatogram(hdf5)).kind).toBe('netcdf4');
    const header = Uint8Array.from([0x43, 0x44, 0x46, 0x01, 0, 0, 0, 0, 0, 0, 0, 0x2a, 0, 0, 0, 1]);
    expect(failure(() => readChromatogram(header)).message).toBe(
      'Not a valid AIA file: the header has no dimensions list where one belongs',
    );
    expect(failure(() => readChromatogram(Uint8Array.from([0x43, 0x44, 0x46, 0x05]))).kind).toBe('not_aia');
  });
});

describe('time axis', () => {
  it('reads a float32 interval and delay as the decimals written, so a long axis does not drift', () => {
    const points = 1_000_000;
    const file = readAia(
      writeAia({
        timeSec: Float64Array.from({ length: points }, (_, i) => 0.012 + i * 0.01),
        values: new Float64Array(points),
        signalUnit: 'mAU',
        metadata: {},
      }),
    );
    expect(file.timeSec[0]).toBe(0.012);
    expect(file.timeSec[1]).toBe(0.012 + 0.01);
    // float32(0.01) used raw would put the last sample 0.22 ms (0.02 samples) early.
    expect(file.timeSec[points - 1]).toBe(0.012 + (points - 1) * 0.01);
  });
});

describe('dropouts', () => {
  const timeSec = Float64Array.from({ length: 10 }, (_, i) => 0.5 * i);
  const written = (values: number[]) =>
    writeAia({ timeSec, values: Float64Array.from(values), signalUnit: 'mAU', metadata: {} });

  it('bridges -9999 and NaN linearly inside the trace, holds the nearest value at its ends, and counts them', () => {
    const file = readAia(written([-9999, Number.NaN, 2, 4, -9999, -9999, 10, 8, Number.NaN, -9999]));
    expect(Array.from(file.values)).toEqual([2, 2, 2, 4, 6, 8, 10, 8, 8, 8]);
    expect(file.dropouts).toEqual({
      count: 6,
      rangeCount: 3,
      bridgedRanges: [
        { startIndex: 0, endIndex: 1, startSec: 0, endSec: 0.5 },
        { startIndex: 4, endIndex: 5, startSec: 2, endSec: 2.5 },
        { startIndex: 8, endIndex: 9, startSec: 4, endSec: 4.5 },
      ],
    });
    expect(file.notes).toEqual([
      '6 missing samples (-9999 or NaN) in 3 runs bridged by linear interpolation',
    ]);
  });

  it('reports none for a clean file and refuses a file with no valid sample at all', () => {
    expect(readAia(written([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])).dropouts).toEqual({
      count: 0,
      rangeCount: 0,
      bridgedRanges: [],
    });
    expect(failure(() => readAia(written(new Array<number>(10).fill(-9999)))).kind).toBe('no_data');
  });
});
