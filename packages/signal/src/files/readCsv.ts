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

/** What a preamble line above the column header declares: the number of points or the run's end. */
interface Declared {
  points: number | null;
  endSec: number | null;
}

/**
 * Reads `key<separator>value`, `key: value` or `key = value` lines above the header (vendor exports) for a
 * declared number of points (`Points`, `Number of points`, `Data points`, `Samples`) and a declared end of
 * the run (`End time`, `Stop time`, `Run time`, in minutes unless the line says seconds).
 */
function declaredIn(preamble: readonly string[], separator: string): Declared {
  const declared: Declared = { points: null, endSec: null };
  for (const line of preamble) {
    const at = line.search(separator === '\t' ? /[:=\t]/ : new RegExp(`[:=${separator}]`));
    if (at <= 0) continue;
    const key = line.slice(0, at).replace(/"/g, '').trim().toLowerCase();
    const text = line
      .slice(at + 1)
      .replace(/"/g, '')
      .trim();
    const number = Number.parseFloat(text.replace(',', '.'));
    if (!Number.isFinite(number) || number <= 0) continue;
    if (/^(number of |total |data )?(data )?(points|samples)( count)?$/.test(key) && Number.isInteger(number))
      declared.points = number;
    else if (/^(end|stop|last) time\b|^run (time|length)\b|^duration\b/.test(key)) {
      const seconds = /\b(s|sec|secs|seconds)\b|\(s\)/.test(`${key} ${text.toLowerCase()}`);
      declared.endSec = number * (seconds ? 1 : 60);
    }
  }
  return declared;
}

const minutes = (sec: number) => (sec / 60).toFixed(2);
const secondsText = (sec: number) => String(Number(sec.toPrecision(3)));

/** Notes on what the rows do not fill: fewer points or an earlier end than declared, uneven time steps. */
function expectationNotes(timeSec: Float64Array, declared: Declared): string[] {
  const notes: string[] = [];
  const count = timeSec.length;
  const steps = Array.from({ length: count - 1 }, (_, i) => timeSec[i + 1]! - timeSec[i]!);
  const median = steps.length > 0 ? [...steps].sort((a, b) => a - b)[Math.floor(steps.length / 2)]! : 0;
  if (declared.points !== null && declared.points !== count) {
    notes.push(
      declared.points > count
        ? `The file declares ${declared.points} points but holds ${count}: the data end early (the rest may be cut off)`
        : `The file declares ${declared.points} points but holds ${count}`,
    );
  }
  const last = timeSec[count - 1] ?? 0;
  if (declared.endSec !== null && median > 0 && last < declared.endSec - 1.5 * median) {
    notes.push(
      `The file declares a run to ${minutes(declared.endSec)} min but its data end at ${minutes(last)} min`,
    );
  }
  if (median > 0) {
    let gaps = 0;
    let longest = 0;
    let longestAt = 0;
    let short = 0;
    steps.forEach((step, i) => {
      if (step > 1.5 * median) {
        gaps++;
        if (step > longest) [longest, longestAt] = [step, timeSec[i]!];
      } else if (step < 0.5 * median) short++;
    });
    if (gaps > 0) {
      notes.push(
        `Irregular time spacing: ${gaps} gap${gaps === 1 ? '' : 's'} longer than 1.5 × the usual step of ${secondsText(median)} s, the longest ${secondsText(longest)} s after ${minutes(longestAt)} min`,
      );
    }
    if (short > 0) {
      notes.push(
        `Irregular time spacing: ${short} step${short === 1 ? '' : 's'} shorter than half the usual step of ${secondsText(median)} s`,
      );
    }
  }
  return notes;
}

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
  // The separator of the first row of data (a preamble above the header may use another).
  const isData = (line: string) => {
    const [time, value] = line.split(separatorOf(line));
    return numeric(time ?? '') && value !== undefined && (numeric(value) || dropout(value.trim()));
  };
  const dataStart = Math.max(0, lines.findIndex(isData));
  const separator = separatorOf(lines[dataStart] ?? (lines[0] as string));
  const headerLine =
    dataStart > 0 ? (lines[dataStart - 1] as string) : lines.findIndex(isData) < 0 ? lines[0] : null;
  const hasHeader = headerLine !== null && headerLine !== undefined;
  const header = hasHeader
    ? headerLine.split(separator).map((cell) => cell.trim().replace(/^"|"$/g, ''))
    : [];
  // Lines above the header: what the file declares about itself (vendor exports).
  const declared = declaredIn(lines.slice(0, Math.max(0, dataStart - 1)), separator);
  const firstRowLine = dataStart > 0 ? dataStart + 1 : hasHeader ? 2 : 1;
  let rows = dataStart > 0 ? lines.slice(dataStart) : hasHeader ? lines.slice(1) : lines;
  // A last line cut off in the middle (a copy or a transfer that stopped): the file does not end with a
  // new line and its last row has fewer cells than the first, or no value; it is left out, with a note.
  const lastRow = rows[rows.length - 1] ?? '';
  const endsCleanly = /\n\s*$/.test(textContent) || !textContent.trimEnd().endsWith(lastRow.trimEnd());
  if (!endsCleanly && rows.length > 2 && numeric(lastRow.split(separator)[0] ?? '')) {
    const cells = lastRow.split(separator);
    const expected = (rows[0] as string).split(separator).length;
    if (cells.length < expected || (cells[cells.length - 1] ?? '').trim() === '') {
      notes.push(`The last line is cut off ("${lastRow.trim().slice(0, 60)}"); it was left out`);
      rows = rows.slice(0, -1);
    }
  }
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
  notes.push(...expectationNotes(timeSec, declared));
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
