// The pieces of reading a CSV chromatogram that do not depend on how its text arrives (csvStream.ts): the
// separator, what counts as a number or a missing reading, what a preamble declares, and the notes on what
// the rows do not fill.
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

export function separatorOf(line: string): string {
  if (line.includes('\t')) return '\t';
  if (line.includes(';')) return ';';
  return ',';
}

export const numeric = (cell: string) => cell.trim() !== '' && Number.isFinite(Number(cell.trim()));
export const csvError = (message: string) => new ChromatogramFileError('csv', message);
/** A missing reading in a data row: an empty cell, NaN or the AIA null -9999; bridged like AIA dropouts. */
export const dropout = (cell: string) => /^(|nan|-9999(\.0*)?)$/i.test(cell);

/** What a preamble line above the column header declares: the number of points or the run's end. */
export interface Declared {
  points: number | null;
  endSec: number | null;
}

/**
 * Reads `key<separator>value`, `key: value` or `key = value` lines above the header (vendor exports) for a
 * declared number of points (`Points`, `Number of points`, `Data points`, `Samples`) and a declared end of
 * the run (`End time`, `Stop time`, `Run time`, in minutes unless the line says seconds).
 */
export function declaredIn(preamble: readonly string[], separator: string): Declared {
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
export function expectationNotes(timeSec: Float64Array, declared: Declared): string[] {
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

/** The 1-based column of the signal asked for: an index among the value columns or a header text; < 1 none. */
export function signalColumnOf(header: readonly string[], channel: number | string): number {
  return typeof channel === 'number' ? channel + 1 : header.indexOf(channel);
}

/** The time column's unit, from the header when `auto` (minutes when it names none, with a note). */
export function timeUnitOf(
  header: readonly string[],
  asked: 'auto' | 'sec' | 'min',
): { unit: 'sec' | 'min'; note: string | null } {
  if (asked !== 'auto') return { unit: asked, note: null };
  const timeHeader = (header[0] ?? '').toLowerCase();
  if (timeHeader.includes('min')) return { unit: 'min', note: null };
  if (/sec|\(s\)|_s\b|\[s\]/.test(timeHeader)) return { unit: 'sec', note: null };
  return { unit: 'min', note: 'The time column names no unit; it was read as minutes' };
}
