import { ChromatogramFileError } from '../fileError.ts';
import type { ByteReader } from './byteReader.ts';

/** How a ChemStation file version stores its samples after the header (docs/formats.md). */
export type AgilentEncoding = 'delta' | 'doubleDelta' | 'float64';

/** Where one ChemStation file version keeps its facts: byte offsets into the header. */
export interface AgilentLayout {
  version: string;
  /** 1: one byte per character; 2: UTF-16LE. */
  bytesPerChar: 1 | 2;
  encoding: AgilentEncoding;
  /** Start and end times in milliseconds at 0x11A and 0x11E: big-endian int32 or float32. */
  timeType: 'int32' | 'float32';
  /** Big-endian float64 that turns stored integers into the signal unit. */
  scalingOffset: number;
  strings: Partial<Record<AgilentHeaderField, number>>;
}

export type AgilentHeaderField =
  | 'file_type'
  | 'sample_name'
  | 'operator'
  | 'acquisition_date'
  | 'detector'
  | 'inlet'
  | 'instrument'
  | 'method_name'
  | 'software'
  | 'software_version'
  | 'software_revision'
  | 'vial_position'
  | 'unit'
  | 'signal_description';

/** The ASCII header of the early versions (8, 30, 81): strings of one byte per character. */
const shortHeader: AgilentLayout['strings'] = {
  file_type: 0x04,
  sample_name: 0x18,
  operator: 0x94,
  acquisition_date: 0xb2,
  detector: 0xd0,
  inlet: 0xda,
  method_name: 0xe4,
  software: 0x142,
  software_version: 0x163,
  software_revision: 0x195,
  unit: 0x244,
  signal_description: 0x254,
};

/** The UTF-16 header of the later versions (130, 179, 181). */
const longHeader: AgilentLayout['strings'] = {
  file_type: 0x15b,
  sample_name: 0x35a,
  operator: 0x758,
  acquisition_date: 0x957,
  instrument: 0x9bc,
  inlet: 0x9e5,
  method_name: 0xa0e,
  software: 0xc11,
  software_version: 0xe11,
  software_revision: 0xeda,
  vial_position: 0xfd7,
  unit: 0x104c,
  signal_description: 0x1075,
};

const channelLayouts: AgilentLayout[] = [
  {
    version: '8',
    bytesPerChar: 1,
    encoding: 'delta',
    timeType: 'int32',
    scalingOffset: 0x284,
    strings: shortHeader,
  },
  {
    version: '30',
    bytesPerChar: 1,
    encoding: 'delta',
    timeType: 'int32',
    scalingOffset: 0x284,
    strings: shortHeader,
  },
  {
    version: '81',
    bytesPerChar: 1,
    encoding: 'doubleDelta',
    timeType: 'float32',
    scalingOffset: 0x284,
    strings: shortHeader,
  },
  {
    version: '130',
    bytesPerChar: 2,
    encoding: 'delta',
    timeType: 'int32',
    scalingOffset: 0x127c,
    strings: longHeader,
  },
  {
    version: '179',
    bytesPerChar: 2,
    encoding: 'float64',
    timeType: 'float32',
    scalingOffset: 0x127c,
    strings: longHeader,
  },
  {
    version: '181',
    bytesPerChar: 2,
    encoding: 'doubleDelta',
    timeType: 'float32',
    scalingOffset: 0x127c,
    strings: longHeader,
  },
];

/** The file version: a length-prefixed ASCII number at byte 0 ("30", "130", "179"…). */
export function agilentVersion(reader: ByteReader): string {
  const version = reader.pascalString(0, 1);
  return /^[0-9]{1,4}$/.test(version) ? version : '';
}

export function channelLayout(reader: ByteReader, fileKind: string): AgilentLayout {
  const version = agilentVersion(reader);
  const layout = channelLayouts.find((candidate) => candidate.version === version);
  if (!layout) {
    const known = channelLayouts.map((candidate) => candidate.version).join(', ');
    throw new ChromatogramFileError(
      'vendor_version',
      version
        ? `Agilent ${fileKind} file version ${JSON.stringify(version)} is not supported (known: ${known})`
        : `Not an Agilent ${fileKind} file: no file version at its start`,
    );
  }
  return layout;
}

export function readHeaderStrings(reader: ByteReader, layout: AgilentLayout): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [field, offset] of Object.entries(layout.strings)) {
    const value = reader.pascalString(offset, layout.bytesPerChar);
    if (value) metadata[field] = value;
  }
  return metadata;
}

/** Start of the samples: the 512-byte block number (counted from 1) stored big-endian at 0x108. */
export function dataStart(reader: ByteReader): number {
  const block = reader.u32(0x108, false, 'data block number');
  if (block < 2) throw reader.corrupt(`the data block number at 0x108 is ${block}, inside the header`);
  const start = (block - 1) * 512;
  if (start >= reader.length)
    throw reader.corrupt(`the data start (byte ${start}) is past the end of the file`);
  return start;
}
