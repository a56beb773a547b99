// A CSV chromatogram read as its bytes arrive, chunk by chunk, in bounded memory: the text held between two
// chunks is the line not yet ended, the lines above the first data row (a vendor preamble, at most
// `MAX_PREAMBLE_CHARS`) and the first of a run of rows that are not data (a footer, or an error once a data
// row follows it); the points go straight into typed arrays that never outgrow `maxPoints`. What it reads,
// refuses and notes is what `readCsv` does with the whole text (csvStream.test.ts holds them equal).
import type { Chromatogram } from './chromatogram.ts';
import { bridgeDropouts } from './dropouts.ts';
import type { ChromatogramFileError } from './fileError.ts';
import {
  csvError,
  declaredIn,
  dropout,
  expectationNotes,
  numeric,
  separatorOf,
  signalColumnOf,
  timeUnitOf,
  type ReadCsvOptions,
} from './csvRows.ts';
import { StreamingTextDecoder } from './streamingText.ts';

/**
 * Characters above the first data row a file may have: vendor preambles are a few dozen lines; a file with
 * no data row in its first mebibyte of text is not a chromatogram.
 */
export const MAX_PREAMBLE_CHARS = 1024 * 1024;

/** A file with more points than may be imported, refused as soon as the first point too many is read. */
export class TooManyPointsError extends Error {
  constructor(readonly maxPoints: number) {
    super(`The file holds more than ${maxPoints} points; at most ${maxPoints} can be imported.`);
    this.name = 'TooManyPointsError';
  }
}

export interface CsvStreamOptions extends ReadCsvOptions {
  /** The most points the file may hold. @default no limit */
  maxPoints?: number;
}

/** Where the data rows start, fixed by the first of them. */
interface Layout {
  separator: string;
  header: string[];
  preamble: string[];
  cellsPerRow: number;
}

/** Growing typed arrays of the rows read so far. */
class Points {
  timeSec = new Float64Array(1024);
  values = new Float64Array(1024);
  count = 0;
  constructor(private readonly maxPoints: number) {}
  add(time: number, value: number): void {
    if (this.count === this.maxPoints) throw new TooManyPointsError(this.maxPoints);
    if (this.count === this.timeSec.length) {
      const capacity = Math.min(this.maxPoints, this.count * 2);
      this.timeSec = grown(this.timeSec, capacity);
      this.values = grown(this.values, capacity);
    }
    this.timeSec[this.count] = time;
    this.values[this.count++] = value;
  }
}

function grown(array: Float64Array, capacity: number) {
  const larger = new Float64Array(capacity);
  larger.set(array);
  return larger;
}

export class CsvStreamReader {
  private readonly decoder = new StreamingTextDecoder();
  private readonly points: Points;
  private partial = '';
  private lineNumber = 0;
  private preamble: string[] = [];
  private preambleChars = 0;
  private layout: Layout | null = null;
  private column = 1;
  private toSec = 60;
  /** The first row of a run of rows that are not data, its line, and how many followed it. */
  private pending: { line: number; text: string; count: number } | null = null;
  private readonly notes: string[] = [];
  private unitNote: string | null = null;
  /** The line of the first data row, for the line a time that does not increase is on. */
  private firstDataLine = 0;

  constructor(private readonly options: CsvStreamOptions = {}) {
    this.points = new Points(options.maxPoints ?? Number.MAX_SAFE_INTEGER);
  }

  /** Characters of text held now (see the file's head): bounded, whatever the file's length. */
  get heldChars(): number {
    return this.partial.length + this.preambleChars + (this.pending?.text.length ?? 0);
  }

  /** Reads the next bytes of the file. @throws ChromatogramFileError, TooManyPointsError */
  push(bytes: Uint8Array): void {
    const text = this.partial + this.decoder.decode(bytes);
    const lines = text.split('\n');
    this.partial = lines.pop() ?? '';
    for (const line of lines) this.line(line.endsWith('\r') ? line.slice(0, -1) : line);
  }

  /** The chromatogram, once every byte was pushed. @throws ChromatogramFileError */
  end(): Chromatogram {
    const last = this.partial + this.decoder.end();
    this.partial = '';
    if (this.decoder.latin1)
      this.notes.unshift('The file is not UTF-8; it was read as Latin-1 (Windows) text');
    // A last line without its line end, cut off in the middle (a copy or a transfer that stopped): fewer
    // cells than the first row, or no value; it is left out, with a note.
    if (last.trim() !== '' && this.isCutOff(last)) {
      this.notes.push(`The last line is cut off ("${last.trim().slice(0, 60)}"); it was left out`);
    } else if (last.trim() !== '') this.line(last);
    if (!this.layout && this.preamble.length > 0) this.readWithoutDataRow();
    return this.finish();
  }

  private isCutOff(last: string): boolean {
    const layout = this.layout;
    if (!layout || this.points.count + (this.pending?.count ?? 0) + 1 <= 2) return false;
    const cells = last.split(layout.separator);
    if (!numeric(cells[0] ?? '')) return false;
    return cells.length < layout.cellsPerRow || (cells[cells.length - 1] ?? '').trim() === '';
  }

  private line(line: string): void {
    if (line.trim() === '') return;
    this.lineNumber++;
    if (!this.layout) {
      if (!isDataLine(line)) {
        this.preamble.push(line);
        this.preambleChars += line.length;
        if (this.preambleChars > MAX_PREAMBLE_CHARS)
          throw csvError('CSV file has no data row in its first megabyte of text');
        return;
      }
      this.begin(line);
    }
    this.row(line);
  }

  /**
   * No row had a time and a value: the first line is taken as the header and the others as rows, so a file
   * whose rows hold times but no readings is refused for that, not for having no rows.
   */
  private readWithoutDataRow(): void {
    const [headerLine, ...rows] = this.preamble;
    const separator = separatorOf(headerLine!);
    const header = headerLine!.split(separator).map((cell) => cell.trim().replace(/^"|"$/g, ''));
    this.layout = { separator, header, preamble: [], cellsPerRow: header.length };
    this.setColumns(header);
    this.firstDataLine = 2;
    rows.forEach((row, index) => {
      this.lineNumber = index + 2;
      this.row(row);
    });
  }

  private setColumns(header: string[]): void {
    this.column = signalColumnOf(header, this.options.channel ?? 0);
    const unit = timeUnitOf(header, this.options.timeUnit ?? 'auto');
    this.toSec = unit.unit === 'min' ? 60 : 1;
    this.unitNote = unit.note;
  }

  /** The first data row: its separator, the header above it and the preamble above that. */
  private begin(first: string): void {
    const separator = separatorOf(first);
    const headerLine = this.preamble.length > 0 ? this.preamble[this.preamble.length - 1]! : null;
    const header = headerLine
      ? headerLine.split(separator).map((cell) => cell.trim().replace(/^"|"$/g, ''))
      : [];
    this.layout = {
      separator,
      header,
      preamble: this.preamble.slice(0, -1),
      cellsPerRow: first.split(separator).length,
    };
    this.preamble = [];
    this.firstDataLine = this.lineNumber;
    this.preambleChars = this.layout.preamble.reduce((sum, line) => sum + line.length, 0);
    this.setColumns(header);
  }

  private row(row: string): void {
    const layout = this.layout!;
    const cells = row.split(layout.separator);
    const timeCell = (cells[0] ?? '').trim();
    if (!numeric(timeCell)) {
      if (this.pending) this.pending.count++;
      else this.pending = { line: this.lineNumber, text: row, count: 1 };
      return;
    }
    if (this.pending) throw notData(this.pending.line, this.pending.text);
    if (this.column < 1) return;
    const valueCell = (cells[this.column] ?? '').trim();
    const value = dropout(valueCell) ? Number.NaN : Number(valueCell);
    if (Number.isNaN(value) && !dropout(valueCell)) throw notData(this.lineNumber, row);
    this.points.add(Number(timeCell) * this.toSec, value);
  }

  private finish(): Chromatogram {
    const layout = this.layout;
    if (!layout) {
      if (this.lineNumber === 0) throw csvError('CSV file is empty');
      throw csvError('CSV file has a header but no data rows');
    }
    if (this.points.count === 0 && this.column >= 1) throw csvError('CSV file has a header but no data rows');
    const notes = this.notes;
    if (this.pending) {
      const { count, line, text } = this.pending;
      notes.push(
        `Skipped ${count} trailing row${count === 1 ? '' : 's'} that ${count === 1 ? 'is' : 'are'} not data, from line ${line}: "${text.trim().slice(0, 60)}"`,
      );
    }
    if (this.column < 1) throw csvError(`CSV file has no signal column ${String(this.options.channel ?? 0)}`);
    if (this.unitNote) notes.push(this.unitNote);
    const timeSec = this.points.timeSec.slice(0, this.points.count);
    const values = this.points.values.slice(0, this.points.count);
    return chromatogramOf(timeSec, values, layout, this.column, notes, this.firstDataLine);
  }
}

function notData(line: number, row: string): ChromatogramFileError {
  return csvError(`CSV line ${line} is not a time and a value: "${row.slice(0, 60)}"`);
}

function isDataLine(line: string): boolean {
  const [time, value] = line.split(separatorOf(line));
  return numeric(time ?? '') && value !== undefined && (numeric(value) || dropout(value.trim()));
}

/** The rows read, checked and bridged, with what the file declared. */
function chromatogramOf(
  timeSec: Float64Array,
  values: Float64Array,
  layout: Layout,
  column: number,
  notes: string[],
  firstDataLine: number,
): Chromatogram {
  for (let i = 1; i < timeSec.length; i++) {
    if (!(timeSec[i]! > timeSec[i - 1]!))
      throw csvError(`CSV times must increase (line ${i + firstDataLine})`);
  }
  const dropouts = bridgeDropouts(timeSec, values);
  if (!dropouts) throw csvError('CSV file has no readings: every value is empty or NaN');
  if (dropouts.count > 0) {
    notes.push(
      `${dropouts.count} missing reading${dropouts.count === 1 ? '' : 's'} (empty, NaN or -9999) bridged by linear interpolation`,
    );
  }
  notes.push(...expectationNotes(timeSec, declaredIn(layout.preamble, layout.separator)));
  const unitMatch = /\(([^)]+)\)|\[([^\]]+)\]/.exec(layout.header[column] ?? '');
  return {
    timeSec,
    values,
    signalUnit: unitMatch ? (unitMatch[1] ?? unitMatch[2] ?? '') : '',
    metadata: layout.header.length > 0 ? { channel: layout.header[column] ?? '' } : {},
    dropouts,
    notes,
  };
}

/**
 * Reads a CSV chromatogram from its chunks as they come (an upload's stream), in bounded memory.
 * @throws ChromatogramFileError as `readCsv` would; TooManyPointsError past `maxPoints`.
 */
export async function readCsvStream(
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  options: CsvStreamOptions = {},
): Promise<Chromatogram> {
  const reader = new CsvStreamReader(options);
  for await (const chunk of chunks) reader.push(chunk);
  return reader.end();
}
