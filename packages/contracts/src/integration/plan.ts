// The geometry of manual integration, shared by the server and the web app: each change of a batch applied
// in order to the peaks' limits, refused with a precise catalogue reason (the peak overlapped, the signal's
// range, the peak not found). The server then measures the changed peaks; the web app draws them at once.
import type { SeparationCode } from '@eluent/signal';
import type { IntegrationEdit } from '../rest/integration.ts';
import { IntegrationRefusal } from './refusal.ts';

/** The times and values manual integration works on (the server: the corrected signal). */
export interface IntegrationSignal {
  timeSec: ArrayLike<number>;
  values: ArrayLike<number>;
}

/** A peak's limits and baseline ends, as manual integration moves them. */
export interface PeakLimits {
  startSec: number;
  endSec: number;
  /** Baseline value at startSec and endSec. */
  baselineStartValue: number;
  baselineEndValue: number;
  startCode: SeparationCode;
  stopCode: SeparationCode;
}

/** A peak after a batch: its limits and, when the batch left it as it was, its index in the input. */
export interface PlannedPeak extends PeakLimits {
  keptIndex: number | null;
}

/** The index of the first time ≥ target (times increase); the length when every time is earlier. */
export function lowerBound(timeSec: ArrayLike<number>, target: number): number {
  let low = 0;
  let high = timeSec.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((timeSec[middle] as number) < target) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The signal's value at `tSec`, linear between samples. */
export function signalValueAt(signal: IntegrationSignal, tSec: number): number {
  const { timeSec, values } = signal;
  if (timeSec.length === 1) return values[0] as number;
  const index = Math.min(Math.max(lowerBound(timeSec, tSec), 1), timeSec.length - 1);
  const t0 = timeSec[index - 1] as number;
  const t1 = timeSec[index] as number;
  const v0 = values[index - 1] as number;
  const v1 = values[index] as number;
  return t1 === t0 ? v1 : v0 + ((v1 - v0) * (tSec - t0)) / (t1 - t0);
}

const minutes = (sec: number) => (sec / 60).toFixed(2);

/**
 * Refuses limits a peak cannot have: start not before end, outside the signal, overlapping another peak
 * (named by its number), or without a sample between them that is not the signal's first or last.
 */
export function checkLimits(
  signal: IntegrationSignal,
  peaks: readonly PeakLimits[],
  startSec: number,
  endSec: number,
  except: readonly PeakLimits[] = [],
): void {
  const { timeSec } = signal;
  if (!(startSec < endSec)) throw new IntegrationRefusal('integration_start_after_end');
  const first = timeSec[0] ?? 0;
  const last = timeSec[timeSec.length - 1] ?? 0;
  if (timeSec.length === 0 || startSec < first || endSec > last) {
    throw new IntegrationRefusal('integration_outside_signal', {
      first: minutes(first),
      last: minutes(last),
    });
  }
  const overlapped = peaks.findIndex(
    (peak) => !except.includes(peak) && peak.startSec < endSec && startSec < peak.endSec,
  );
  if (overlapped >= 0) throw new IntegrationRefusal('integration_overlap', { peak: overlapped + 1 });
  const inside = Math.max(1, lowerBound(timeSec, startSec));
  if (inside > timeSec.length - 2 || (timeSec[inside] as number) > endSec) {
    throw new IntegrationRefusal('integration_too_narrow');
  }
}

/** Peaks are numbered 1… in time order. */
function peakNumbered<P>(peaks: readonly P[], number: number): P {
  const peak = peaks[number - 1];
  if (!Number.isInteger(number) || peak === undefined) {
    throw new IntegrationRefusal('integration_peak_not_found', { peak: number });
  }
  return peak;
}

const changed = (limits: PeakLimits): PlannedPeak => ({ ...limits, keptIndex: null });

/** One change applied to peaks in time order; returns the new list in time order. */
export function planIntegrationEdit(
  signal: IntegrationSignal,
  peaks: readonly PlannedPeak[],
  edit: IntegrationEdit,
): PlannedPeak[] {
  let next: PlannedPeak[];
  switch (edit.operation) {
    case 'move': {
      const peak = peakNumbered(peaks, edit.peak_number);
      const startSec = edit.start_sec ?? peak.startSec;
      const endSec = edit.end_sec ?? peak.endSec;
      checkLimits(signal, peaks, startSec, endSec, [peak]);
      const startMoved = edit.start_sec !== undefined || edit.baseline_start !== undefined;
      const endMoved = edit.end_sec !== undefined || edit.baseline_end !== undefined;
      const moved = changed({
        startSec,
        endSec,
        baselineStartValue:
          edit.baseline_start ??
          (edit.start_sec === undefined ? peak.baselineStartValue : signalValueAt(signal, startSec)),
        baselineEndValue:
          edit.baseline_end ??
          (edit.end_sec === undefined ? peak.baselineEndValue : signalValueAt(signal, endSec)),
        startCode: startMoved ? 'B' : peak.startCode,
        stopCode: endMoved ? 'B' : peak.stopCode,
      });
      next = peaks.map((p) => (p === peak ? moved : p));
      break;
    }
    case 'split': {
      const peak = peakNumbered(peaks, edit.peak_number);
      const at = edit.at_sec;
      if (!(at > peak.startSec && at < peak.endSec)) {
        throw new IntegrationRefusal('integration_split_outside', { peak: edit.peak_number });
      }
      const others = peaks.filter((p) => p !== peak);
      checkLimits(signal, others, peak.startSec, at);
      checkLimits(signal, others, at, peak.endSec);
      const fraction = (at - peak.startSec) / (peak.endSec - peak.startSec);
      const atValue = peak.baselineStartValue + (peak.baselineEndValue - peak.baselineStartValue) * fraction;
      const left = changed({ ...peak, endSec: at, baselineEndValue: atValue, stopCode: 'V' });
      const right = changed({ ...peak, startSec: at, baselineStartValue: atValue, startCode: 'V' });
      next = peaks.flatMap((p) => (p === peak ? [left, right] : [p]));
      break;
    }
    case 'merge': {
      if (edit.peak_numbers.length < 2) throw new IntegrationRefusal('integration_merge_too_few');
      const numbers = [...edit.peak_numbers].sort((a, b) => a - b);
      const merged = numbers.map((number) => peakNumbered(peaks, number));
      for (let i = 1; i < numbers.length; i++) {
        const previous = numbers[i - 1] as number;
        const number = numbers[i] as number;
        if (number !== previous + 1) {
          throw new IntegrationRefusal('integration_merge_not_adjacent', { peak: number, other: previous });
        }
      }
      const first = merged[0] as PlannedPeak;
      const last = merged[merged.length - 1] as PlannedPeak;
      const whole = changed({
        startSec: first.startSec,
        endSec: last.endSec,
        baselineStartValue: first.baselineStartValue,
        baselineEndValue: last.baselineEndValue,
        startCode: first.startCode,
        stopCode: last.stopCode,
      });
      next = peaks.filter((p) => p === first || !merged.includes(p)).map((p) => (p === first ? whole : p));
      break;
    }
    case 'delete': {
      const peak = peakNumbered(peaks, edit.peak_number);
      next = peaks.filter((p) => p !== peak);
      break;
    }
    case 'add': {
      checkLimits(signal, peaks, edit.start_sec, edit.end_sec);
      next = [
        ...peaks,
        changed({
          startSec: edit.start_sec,
          endSec: edit.end_sec,
          baselineStartValue: signalValueAt(signal, edit.start_sec),
          baselineEndValue: signalValueAt(signal, edit.end_sec),
          startCode: 'B',
          stopCode: 'B',
        }),
      ];
      break;
    }
  }
  return next.sort((a, b) => a.startSec - b.startSec);
}

/** The input peaks as planned peaks, each kept as it is. */
export function plannedPeaksOf(peaks: readonly PeakLimits[]): PlannedPeak[] {
  return peaks
    .map((peak, index) => ({
      startSec: peak.startSec,
      endSec: peak.endSec,
      baselineStartValue: peak.baselineStartValue,
      baselineEndValue: peak.baselineEndValue,
      startCode: peak.startCode,
      stopCode: peak.stopCode,
      keptIndex: index,
    }))
    .sort((a, b) => a.startSec - b.startSec);
}

/**
 * A batch of changes applied in order to a result's peaks, all or nothing.
 * @throws IntegrationRefusal naming the refused change (1…) and its reason.
 * @example planIntegration(signal, peaks, [{ operation: 'delete', peak_number: 3 }]).length
 */
export function planIntegration(
  signal: IntegrationSignal,
  peaks: readonly PeakLimits[],
  edits: readonly IntegrationEdit[],
): PlannedPeak[] {
  let planned = plannedPeaksOf(peaks);
  edits.forEach((edit, index) => {
    try {
      planned = planIntegrationEdit(signal, planned, edit);
    } catch (error) {
      throw error instanceof IntegrationRefusal ? error.at(index + 1) : error;
    }
  });
  return planned;
}
