// Manual integration on a processed signal: move a peak's start or end, split, merge, delete or add a peak.
// Edited peaks are measured again with packages/signal (area, apex, widths, plates, tailing); every peak's
// run-level figures (area %, resolution, S/N) are then completed again. Pure: no I/O.
import { baselineAt, completeFigures, firstIndexAtOrAfter, measurePeak, type Peak } from '@eluent/signal';
import type { BaselineLine, SeparationCode } from '@eluent/signal';
import type { DomainErrorCode, IntegrationEdit } from '@eluent/contracts';

/** A refused edit, with the catalogued error code the transport answers. */
export class IntegrationRefusal extends Error {
  constructor(readonly code: DomainErrorCode) {
    super(code);
  }
}

export interface ProcessedSignal {
  timeSec: Float64Array;
  /** The signal after blank subtraction and run baseline, as automatic integration measured it. */
  values: Float64Array;
}

/** Signal value at `tSec`, linear between samples. */
function valueAt(signal: ProcessedSignal, tSec: number): number {
  const { timeSec, values } = signal;
  const index = Math.min(Math.max(firstIndexAtOrAfter(timeSec, tSec), 1), timeSec.length - 1);
  const t0 = timeSec[index - 1] as number;
  const t1 = timeSec[index] as number;
  const v0 = values[index - 1] as number;
  const v1 = values[index] as number;
  return t1 === t0 ? v1 : v0 + ((v1 - v0) * (tSec - t0)) / (t1 - t0);
}

/** Measures a peak between two times over a straight baseline; its apex is the highest sample above it. */
function measure(
  signal: ProcessedSignal,
  startSec: number,
  endSec: number,
  baseline: BaselineLine,
  codes: [SeparationCode, SeparationCode],
): Peak {
  const { timeSec, values } = signal;
  const first = timeSec[0] as number;
  const last = timeSec[timeSec.length - 1] as number;
  if (!(startSec < endSec) || startSec < first || endSec > last) {
    throw new IntegrationRefusal('integration_invalid_limits');
  }
  let apexIndex = -1;
  let best = -Infinity;
  for (let i = firstIndexAtOrAfter(timeSec, startSec); i < timeSec.length; i++) {
    const t = timeSec[i] as number;
    if (t > endSec) break;
    const above = (values[i] as number) - baselineAt(baseline, t);
    if (above > best) {
      best = above;
      apexIndex = i;
    }
  }
  // A peak needs a sample strictly inside its limits for an apex.
  if (apexIndex <= 0 || apexIndex >= timeSec.length - 1)
    throw new IntegrationRefusal('integration_invalid_limits');
  return measurePeak(timeSec, values, {
    startSec,
    endSec,
    apexIndex,
    baseline,
    startCode: codes[0],
    stopCode: codes[1],
  });
}

function lineOf(peak: Peak): BaselineLine {
  return {
    startSec: peak.startSec,
    startValue: peak.baselineStartValue,
    endSec: peak.endSec,
    endValue: peak.baselineEndValue,
  };
}

/** Peaks are numbered 1… in retention order, as stored. */
function peakNumbered(peaks: Peak[], number: number): Peak {
  const peak = peaks[number - 1];
  if (!Number.isInteger(number) || !peak) throw new IntegrationRefusal('integration_peak_not_found');
  return peak;
}

function overlapsOthers(peaks: Peak[], startSec: number, endSec: number, except: Peak[] = []): boolean {
  return peaks.some((p) => !except.includes(p) && p.startSec < endSec && startSec < p.endSec);
}

/**
 * Applies one edit to the peaks of a result (sorted by retention time) and returns the new peak list,
 * sorted, with run-level figures completed.
 * @throws IntegrationRefusal for a peak that does not exist or limits that cannot be integrated.
 */
export function editPeaks(
  signal: ProcessedSignal,
  peaks: Peak[],
  edit: IntegrationEdit,
  noisePeakToPeak: number | null,
): Peak[] {
  let next: Peak[];
  switch (edit.operation) {
    case 'move': {
      const peak = peakNumbered(peaks, edit.peak_number);
      const startSec = edit.start_sec ?? peak.startSec;
      const endSec = edit.end_sec ?? peak.endSec;
      if (overlapsOthers(peaks, startSec, endSec, [peak]))
        throw new IntegrationRefusal('integration_invalid_limits');
      const line = {
        startSec,
        startValue: edit.start_sec === undefined ? peak.baselineStartValue : valueAt(signal, startSec),
        endSec,
        endValue: edit.end_sec === undefined ? peak.baselineEndValue : valueAt(signal, endSec),
      };
      const codes: [SeparationCode, SeparationCode] = [
        edit.start_sec === undefined ? peak.startCode : 'B',
        edit.end_sec === undefined ? peak.stopCode : 'B',
      ];
      next = peaks.map((p) => (p === peak ? measure(signal, startSec, endSec, line, codes) : p));
      break;
    }
    case 'split': {
      const peak = peakNumbered(peaks, edit.peak_number);
      if (!(edit.at_sec > peak.startSec && edit.at_sec < peak.endSec)) {
        throw new IntegrationRefusal('integration_split_outside');
      }
      const line = lineOf(peak);
      const left = measure(signal, peak.startSec, edit.at_sec, line, [peak.startCode, 'V']);
      const right = measure(signal, edit.at_sec, peak.endSec, line, ['V', peak.stopCode]);
      next = peaks.flatMap((p) => (p === peak ? [left, right] : [p]));
      break;
    }
    case 'merge': {
      const [a, b] = [...edit.peak_numbers].sort((x, y) => x - y) as [number, number];
      const first = peakNumbered(peaks, a);
      const second = peakNumbered(peaks, b);
      if (b !== a + 1) throw new IntegrationRefusal('integration_merge_not_adjacent');
      const line = {
        startSec: first.startSec,
        startValue: first.baselineStartValue,
        endSec: second.endSec,
        endValue: second.baselineEndValue,
      };
      const merged = measure(signal, first.startSec, second.endSec, line, [first.startCode, second.stopCode]);
      next = peaks.filter((p) => p !== second).map((p) => (p === first ? merged : p));
      break;
    }
    case 'delete': {
      const peak = peakNumbered(peaks, edit.peak_number);
      next = peaks.filter((p) => p !== peak);
      break;
    }
    case 'add': {
      if (overlapsOthers(peaks, edit.start_sec, edit.end_sec)) {
        throw new IntegrationRefusal('integration_invalid_limits');
      }
      const line = {
        startSec: edit.start_sec,
        startValue: valueAt(signal, edit.start_sec),
        endSec: edit.end_sec,
        endValue: valueAt(signal, edit.end_sec),
      };
      next = [...peaks, measure(signal, edit.start_sec, edit.end_sec, line, ['B', 'B'])];
      break;
    }
  }
  next.sort((x, y) => x.retentionTimeSec - y.retentionTimeSec);
  return completeFigures(next, { noisePeakToPeak });
}
