// A CSV chromatogram read from its whole text or bytes: the streaming reader (csvStream.ts) given them at once.
import type { Chromatogram } from './chromatogram.ts';
import { CsvStreamReader } from './csvStream.ts';
import type { CsvStreamOptions } from './csvStream.ts';
import { utf8Encode } from './textCodec.ts';

export type { ReadCsvOptions } from './csvRows.ts';
export { CsvStreamReader, readCsvStream, TooManyPointsError, MAX_PREAMBLE_CHARS } from './csvStream.ts';
export type { CsvStreamOptions } from './csvStream.ts';

/**
 * Reads a chromatogram from CSV text (UTF-8, Latin-1 or UTF-16 with BOM; comma, semicolon or tab
 * separated): first column time, then one or more signal columns; an optional header row names the columns.
 * Trailing rows that are not data (a footer, a totals row) are skipped and named in `notes`; empty or NaN
 * readings are bridged and counted in `dropouts`.
 * @throws ChromatogramFileError naming the line when a row inside the data cannot be read.
 */
export function readCsv(input: Uint8Array | string, options: CsvStreamOptions = {}): Chromatogram {
  const reader = new CsvStreamReader(options);
  reader.push(typeof input === 'string' ? utf8Encode(input) : input);
  return reader.end();
}
