// Manual integration staged in the browser: changes kept as a list and replayed on the result's peaks with
// the shared geometry of packages/contracts (the server refuses the same change with the same words), and
// the change each plot gesture or key makes. Pure: no React, no DOM.
import {
  IntegrationRefusal,
  planIntegration,
  type IntegrationEdit,
  type IntegrationSignal,
  type PeakLimits,
  type PlannedPeak,
} from '@eluent/contracts';

/** What a drag or the arrow keys move: a peak's start or end time, or the baseline at one of them. */
export type Handle = 'start' | 'end' | 'baselineStart' | 'baselineEnd';

export interface Staging {
  /** The shown result's peaks, in time order, as the changes start from. */
  base: readonly PeakLimits[];
  edits: readonly IntegrationEdit[];
  /** The peaks after the changes, in time order. */
  peaks: readonly PlannedPeak[];
  /** How many changes there were before each gesture, so undo takes back a whole gesture. */
  undoPoints: readonly number[];
}

export type StageOutcome = { staging: Staging; refusal: null } | { staging: Staging; refusal: string };

export function startStaging(signal: IntegrationSignal, base: readonly PeakLimits[]): Staging {
  return { base, edits: [], peaks: planIntegration(signal, base, []), undoPoints: [] };
}

/** Two moves of the same peak in a row are one change (a drag or key presses on one peak). */
function collapse(edits: readonly IntegrationEdit[], edit: IntegrationEdit): IntegrationEdit[] {
  const last = edits.at(-1);
  if (last?.operation === 'move' && edit.operation === 'move' && last.peak_number === edit.peak_number) {
    return [...edits.slice(0, -1), { ...last, ...edit }];
  }
  return [...edits, edit];
}

/**
 * Adds a change and replays the list; a refused change leaves the staging as it was and says why.
 * @example stage(signal, staging, { operation: 'delete', peak_number: 2 }).refusal // null
 */
export function stage(signal: IntegrationSignal, staging: Staging, edit: IntegrationEdit): StageOutcome {
  return stageAll(signal, staging, [edit]);
}

function replay(signal: IntegrationSignal, staging: Staging, edit: IntegrationEdit): StageOutcome {
  const edits = collapse(staging.edits, edit);
  try {
    return {
      staging: { ...staging, edits, peaks: planIntegration(signal, staging.base, edits) },
      refusal: null,
    };
  } catch (error) {
    if (error instanceof IntegrationRefusal) return { staging, refusal: error.message };
    throw error;
  }
}

/** The staging without its last gesture. */
export function unstage(signal: IntegrationSignal, staging: Staging): Staging {
  const point = staging.undoPoints.at(-1);
  if (point === undefined) return staging;
  const edits = staging.edits.slice(0, point);
  return {
    ...staging,
    edits,
    peaks: planIntegration(signal, staging.base, edits),
    undoPoints: staging.undoPoints.slice(0, -1),
  };
}

/** The change that puts a handle of peak `index` (0-based) at `value` (seconds; signal units for a baseline). */
export function moveEdit(index: number, handle: Handle, value: number): IntegrationEdit {
  const peak_number = index + 1;
  switch (handle) {
    case 'start':
      return { operation: 'move', peak_number, start_sec: value };
    case 'end':
      return { operation: 'move', peak_number, end_sec: value };
    case 'baselineStart':
      return { operation: 'move', peak_number, baseline_start: value };
    case 'baselineEnd':
      return { operation: 'move', peak_number, baseline_end: value };
  }
}

/** Where a handle of a peak is now: its time, or its baseline value. */
export function handleValue(peak: PeakLimits, handle: Handle): number {
  switch (handle) {
    case 'start':
      return peak.startSec;
    case 'end':
      return peak.endSec;
    case 'baselineStart':
      return peak.baselineStartValue;
    case 'baselineEnd':
      return peak.baselineEndValue;
  }
}

/** Deleting several peaks: the highest number first, so each number still names its peak. */
export function deleteEdits(indexes: readonly number[]): IntegrationEdit[] {
  return [...new Set(indexes)]
    .sort((a, b) => b - a)
    .map((index) => ({ operation: 'delete' as const, peak_number: index + 1 }));
}

export function mergeEdit(indexes: readonly number[]): IntegrationEdit {
  return { operation: 'merge', peak_numbers: [...new Set(indexes)].sort((a, b) => a - b).map((i) => i + 1) };
}

export function splitEdit(index: number, atSec: number): IntegrationEdit {
  return { operation: 'split', peak_number: index + 1, at_sec: atSec };
}

/** A peak added between two times, in either order. */
export function addEdit(fromSec: number, toSec: number): IntegrationEdit {
  return { operation: 'add', start_sec: Math.min(fromSec, toSec), end_sec: Math.max(fromSec, toSec) };
}

/** Stages several changes as one gesture: all or none. */
export function stageAll(
  signal: IntegrationSignal,
  staging: Staging,
  edits: readonly IntegrationEdit[],
): StageOutcome {
  let current = staging;
  for (const edit of edits) {
    const outcome = replay(signal, current, edit);
    if (outcome.refusal !== null) return { staging, refusal: outcome.refusal };
    current = outcome.staging;
  }
  // A move collapsed into the one before it belongs to that gesture.
  const collapsed = current.edits.length === staging.edits.length;
  const undoPoints = collapsed ? staging.undoPoints : [...staging.undoPoints, staging.edits.length];
  return { staging: { ...current, undoPoints }, refusal: null };
}

/** The keyboard's steps: one sample interval in time (ten with Shift), 1 % of the signal's span in value. */
export function keyboardSteps(signal: IntegrationSignal): { timeSec: number; value: number } {
  const { timeSec, values } = signal;
  const count = timeSec.length;
  const interval = count > 1 ? ((timeSec[count - 1] as number) - (timeSec[0] as number)) / (count - 1) : 1;
  let low = Infinity;
  let high = -Infinity;
  for (let i = 0; i < values.length; i++) {
    const value = values[i] as number;
    if (value < low) low = value;
    if (value > high) high = value;
  }
  const span = high > low ? high - low : 1;
  return { timeSec: interval, value: span / 100 };
}

/** The index of the peak that holds a time, or -1. */
export function peakAt(peaks: readonly PeakLimits[], timeSec: number): number {
  return peaks.findIndex((peak) => peak.startSec <= timeSec && timeSec <= peak.endSec);
}
