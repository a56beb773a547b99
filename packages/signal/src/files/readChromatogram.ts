import type { Chromatogram } from './chromatogram.ts';
import { ChromatogramFileError } from './fileError.ts';
import { readAia } from './readAia.ts';
import { readCsv } from './readCsv.ts';
import type { CsvStreamOptions } from './csvStream.ts';
import { binaryFileError } from './csvFileStream.ts';
import { looksBinary } from './textCodec.ts';

export { CsvFileStream, FILE_MAGIC_BYTES, readsWhole } from './csvFileStream.ts';

const startsWith = (bytes: Uint8Array, ...prefix: number[]) => prefix.every((byte, i) => bytes[i] === byte);

/**
 * Reads an AIA/ANDI `.cdf` (recognised by its `CDF` magic bytes) or a CSV chromatogram. Binary content that
 * is not netCDF-3 is refused as such, never guessed as CSV.
 * @throws ChromatogramFileError with a one-line message naming the problem.
 */
export function readChromatogram(bytes: Uint8Array, csvOptions: CsvStreamOptions = {}): Chromatogram {
  if (bytes.length === 0) throw new ChromatogramFileError('empty', 'The file is empty');
  if (startsWith(bytes, 0x43, 0x44, 0x46)) return readAia(bytes);
  if (startsWith(bytes, 0x89, 0x48, 0x44, 0x46)) {
    throw new ChromatogramFileError(
      'netcdf4',
      'netCDF-4/HDF5 files are not supported; export the chromatogram as AIA (netCDF-3)',
    );
  }
  const utf16 = startsWith(bytes, 0xff, 0xfe) || startsWith(bytes, 0xfe, 0xff);
  if (!utf16 && looksBinary(bytes)) throw binaryFileError();
  return readCsv(bytes, csvOptions);
}
