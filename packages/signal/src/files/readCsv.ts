import { latin1Decode, utf16Decode, utf8DecodeStrict } from './textCodec.ts';
import type { Chromatogram } from './chromatogram.ts';
import { bridgeDropouts } from './dropouts.ts';
import { ChromatogramFileError } from './fileError.ts';

export interface ReadCsvOptions {
  /**
   * Unit of the first column. `auto` reads it from the header (`min`/`sec`, `(s)`); a file without a unit
   * in its header is taken as minutes, the convention of vendor exports (Agilent, Shimadzu).
   * @default 'auto'
   */
  timeUnit?: 'auto' | 'sec' | 'min';
  /** Signal column: a 0-based index among the value columns, or a header text such as `250`. @default 0 */
  channel?: number | string;
}

/** UTF-16 with a BOM, UTF-8, or (when the bytes are not valid UTF-8) Latin-1, as older Windows exports are. */
function decode(bytes: Uint8Array, notes: string[]): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return utf16Decode(bytes, true);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return utf16Decode(bytes, false);
  const text = utf8DecodeStrict(bytes);
  if (text !== null) return text;
  notes.push('The file is not UTF-8; it was read as Latin-1 (Windows) text');
  return latin1Decode(bytes);
}

function separatorOf(line: string): string {
  if (line.includes('\t')) return '\t';
  if (line.includes(';')) return ';';
  return ',';
}

const numeric = (cell: string) => cell.trim() !== '' && Number.isFinite(Number(cell.trim()));
const csvError = (message: string) => new ChromatogramFileError('csv', message);
/** A missing reading in a data row: an empty cell, NaN or the AIA null -9999; bridged like AIA dropouts. */
const dropout = (cell: string) => /^(|nan|-9999(\.0*)?)$/i.test(cell);

/**
 * Reads a chromatogram from CSV text (UTF-8, Latin-1 or UTF-16 with BOM; comma, semicolon or tab
 * separated): first column time, then one or more signal columns; an optional header row names the columns.
 * Trailing rows that are not data (a footer, a totals row) are skipped and named in `notes`; empty or NaN
 * readings are bridged and counted in `dropouts`.
 * @throws ChromatogramFileError naming the line when a row inside the data cannot be read.
 */
export function readCsv(input: Uint8Array | string, options: ReadCsvOptions = {}): Chromatogram {
  const notes: string[] = [];
  const textContent = typeof input === 'string' ? input : decode(input, notes);
  const lines = textContent.split(/\r?\n/).filter((line) => line.trim() !== '');
  if (lines.length === 0) throw csvError('CSV file is empty');
  const separator = separatorOf(lines[0] as string);
  const firstCells = (lines[0] as string).split(separator);
  const hasHeader = !firstCells.slice(0, 2).every(numeric);
  const header = hasHeader ? firstCells.map((cell) => cell.trim().replace(/^"|"$/g, '')) : [];
  const firstRowLine = hasHeader ? 2 : 1;
  let rows = hasHeader ? lines.slice(1) : lines;
  // A footer is the trailing block of rows whose first cell is not a number (totals, "End of data", …).
  let dataEnd = rows.length;
  while (dataEnd > 0 && !numeric((rows[dataEnd - 1] as string).split(separator)[0] ?? '')) dataEnd--;
  if (dataEnd === 0) throw csvError('CSV file has a header but no data rows');
  if (dataEnd < rows.length) {
    const skipped = rows.length - dataEnd;
    notes.push(
      `Skipped ${skipped} trailing row${skipped === 1 ? '' : 's'} that ${skipped === 1 ? 'is' : 'are'} not data, from line ${dataEnd + firstRowLine}: "${(rows[dataEnd] as string).trim().slice(0, 60)}"`,
    );
    rows = rows.slice(0, dataEnd);
  }
  if (rows.length === 0) throw csvError('CSV file has a header but no data rows');
  const channel = options.channel ?? 0;
  const column = typeof channel === 'number' ? channel + 1 : header.indexOf(channel);
  if (column < 1) throw csvError(`CSV file has no signal column ${String(channel)}`);
  const timeHeader = (header[0] ?? '').toLowerCase();
  let unit = options.timeUnit ?? 'auto';
  if (unit === 'auto') {
    if (timeHeader.includes('min')) unit = 'min';
    else if (/sec|\(s\)|_s\b|\[s\]/.test(timeHeader)) unit = 'sec';
    else {
      unit = 'min';
      notes.push('The time column names no unit; it was read as minutes');
    }
  }
  const toSec = unit === 'min' ? 60 : 1;
  const timeSec = new Float64Array(rows.length);
  const values = new Float64Array(rows.length);
  rows.forEach((row, index) => {
    const cells = row.split(separator);
    const timeCell = (cells[0] ?? '').trim();
    const valueCell = (cells[column] ?? '').trim();
    const value = dropout(valueCell) ? Number.NaN : Number(valueCell);
    if (!numeric(timeCell) || (Number.isNaN(value) && !dropout(valueCell))) {
      throw csvError(`CSV line ${index + firstRowLine} is not a time and a value: "${row.slice(0, 60)}"`);
    }
    timeSec[index] = Number(timeCell) * toSec;
    values[index] = value;
  });
  for (let i = 1; i < timeSec.length; i++) {
    if (!((timeSec[i] as number) > (timeSec[i - 1] as number))) {
      throw csvError(`CSV times must increase (line ${i + firstRowLine})`);
    }
  }
  const dropouts = bridgeDropouts(timeSec, values);
  if (!dropouts) throw csvError('CSV file has no readings: every value is empty or NaN');
  if (dropouts.count > 0) {
    notes.push(
      `${dropouts.count} missing reading${dropouts.count === 1 ? '' : 's'} (empty, NaN or -9999) bridged by linear interpolation`,
    );
  }
  const unitMatch = /\(([^)]+)\)|\[([^\]]+)\]/.exec(header[column] ?? '');
  return {
    timeSec,
    values,
    signalUnit: unitMatch ? (unitMatch[1] ?? unitMatch[2] ?? '') : '',
    metadata: hasHeader ? { channel: header[column] ?? '' } : {},
    dropouts,
    notes,
  };
}
