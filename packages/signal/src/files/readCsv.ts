import { utf16Decode, utf8Decode } from './textCodec.ts';
import type { Chromatogram } from './chromatogram.ts';

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

function decode(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return utf16Decode(bytes.subarray(2), true);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return utf16Decode(bytes.subarray(2), false);
  return utf8Decode(bytes).replace(/^\uFEFF/, '');
}

function separatorOf(line: string): string {
  if (line.includes('\t')) return '\t';
  if (line.includes(';')) return ';';
  return ',';
}

const numeric = (cell: string) => cell.trim() !== '' && Number.isFinite(Number(cell.trim()));

/**
 * Reads a chromatogram from CSV text (UTF-8 or UTF-16 with BOM; comma, semicolon or tab separated):
 * first column time, then one or more signal columns; an optional header row names the columns.
 * @throws Error naming the line when a row cannot be read.
 */
export function readCsv(input: Uint8Array | string, options: ReadCsvOptions = {}): Chromatogram {
  const textContent = typeof input === 'string' ? input : decode(input);
  const lines = textContent.split(/\r?\n/).filter((line) => line.trim() !== '');
  if (lines.length === 0) throw new Error('CSV file is empty');
  const separator = separatorOf(lines[0] as string);
  const firstCells = (lines[0] as string).split(separator);
  const hasHeader = !firstCells.slice(0, 2).every(numeric);
  const header = hasHeader ? firstCells.map((cell) => cell.trim().replace(/^"|"$/g, '')) : [];
  const rows = hasHeader ? lines.slice(1) : lines;
  if (rows.length === 0) throw new Error('CSV file has a header but no data rows');
  const channel = options.channel ?? 0;
  const column = typeof channel === 'number' ? channel + 1 : header.indexOf(channel);
  if (column < 1) throw new Error(`CSV file has no signal column ${String(channel)}`);
  const timeHeader = (header[0] ?? '').toLowerCase();
  let unit = options.timeUnit ?? 'auto';
  if (unit === 'auto') {
    if (timeHeader.includes('min')) unit = 'min';
    else if (/sec|\(s\)|_s\b|\[s\]/.test(timeHeader)) unit = 'sec';
    else unit = 'min';
  }
  const toSec = unit === 'min' ? 60 : 1;
  const timeSec = new Float64Array(rows.length);
  const values = new Float64Array(rows.length);
  rows.forEach((row, index) => {
    const cells = row.split(separator);
    const time = Number((cells[0] ?? '').trim());
    const value = Number((cells[column] ?? '').trim());
    if (!Number.isFinite(time) || (cells[column] ?? '').trim() === '' || Number.isNaN(value)) {
      throw new Error(
        `CSV line ${index + (hasHeader ? 2 : 1)} is not a time and a value: "${row.slice(0, 60)}"`,
      );
    }
    timeSec[index] = time * toSec;
    values[index] = value;
  });
  for (let i = 1; i < timeSec.length; i++) {
    if (!((timeSec[i] as number) > (timeSec[i - 1] as number))) {
      throw new Error(`CSV times must increase (line ${i + (hasHeader ? 2 : 1)})`);
    }
  }
  const unitMatch = /\(([^)]+)\)|\[([^\]]+)\]/.exec(header[column] ?? '');
  return {
    timeSec,
    values,
    signalUnit: unitMatch ? (unitMatch[1] ?? unitMatch[2] ?? '') : '',
    metadata: hasHeader ? { channel: header[column] ?? '' } : {},
  };
}
