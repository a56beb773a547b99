import type { Chromatogram } from './chromatogram.ts';
import { readAia } from './readAia.ts';
import { readCsv, type ReadCsvOptions } from './readCsv.ts';

/** Reads an AIA/ANDI `.cdf` (recognised by its `CDF` magic bytes) or a CSV chromatogram. */
export function readChromatogram(bytes: Uint8Array, csvOptions: ReadCsvOptions = {}): Chromatogram {
  if (bytes.length === 0) throw new Error('The file is empty');
  if (bytes[0] === 0x43 && bytes[1] === 0x44 && bytes[2] === 0x46) return readAia(bytes);
  if (bytes[0] === 0x89 && bytes[1] === 0x48 && bytes[2] === 0x44 && bytes[3] === 0x46) {
    throw new Error('netCDF-4/HDF5 files are not supported; export the chromatogram as AIA (netCDF-3)');
  }
  return readCsv(bytes, csvOptions);
}
