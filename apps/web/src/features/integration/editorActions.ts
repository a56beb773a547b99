// What the peak editor's keys and pointer do to its state: each command and gesture turned into staged
// changes, a selection, the active mark and the cursor. The hook (usePeakEditor.ts) owns the state.
import type { Dispatch, SetStateAction } from 'react';
import type { IntegrationEdit, IntegrationSignal, PeakLimits } from '@eluent/contracts';
import type { ActiveMark, EditorCommand } from './editorKeys.ts';
import type { HandleHit } from './plotHandles.ts';
import {
  addEdit,
  deleteEdits,
  handleValue,
  mergeEdit,
  moveEdit,
  peakAt,
  splitEdit,
  type Staging,
} from './staging.ts';

export interface EditorContext {
  peaks: readonly PeakLimits[];
  selection: number[];
  /** The last selected peak's index: the one the keys act on. */
  primary: number | null;
  active: ActiveMark | null;
  cursorSec: number | null;
  signal: IntegrationSignal | null;
  steps: { timeSec: number; value: number };
  /** The peak's retention time: stored, or the middle of its staged limits. */
  apexOf: (index: number) => number | null;
  /** Selects and puts the cursor on the last one's apex. */
  select: (indexes: number[]) => void;
  /** Stages changes as one gesture; a refusal is said and nothing changes. */
  apply: (changes: readonly IntegrationEdit[], then?: (next: Staging) => void) => void;
  setSelection: Dispatch<SetStateAction<number[]>>;
  setActive: (mark: ActiveMark | null) => void;
  setCursorSec: (sec: number | null) => void;
  undo: () => void;
  submit: () => void;
}

/** Selects the staged peak that starts at `startSec` (a peak just added). */
function selectAt(context: EditorContext, startSec: number, next: Staging) {
  const index = next.peaks.findIndex((peak) => peak.startSec === startSec);
  context.setSelection(index >= 0 ? [index] : []);
}

/** Adds a peak from `fromSec` to `toSec`, selected, with `then` for the active mark. */
function addPeak(context: EditorContext, fromSec: number, toSec: number, active: ActiveMark | null) {
  const change = addEdit(fromSec, toSec);
  if (change.operation !== 'add') return;
  context.apply([change], (next) => {
    selectAt(context, change.start_sec, next);
    context.setActive(active);
  });
}

function nudgeTime(context: EditorContext, steps: number) {
  const { active, primary, peaks } = context;
  if (active === 'cursor') {
    context.setCursorSec((context.cursorSec ?? 0) + steps * context.steps.timeSec);
    return;
  }
  const peak = primary === null ? undefined : peaks[primary];
  if (!peak || primary === null || active === null) return;
  context.apply([moveEdit(primary, active, handleValue(peak, active) + steps * context.steps.timeSec)]);
}

function nudgeBaseline(context: EditorContext, steps: number) {
  const { active, primary, peaks } = context;
  const peak = primary === null ? undefined : peaks[primary];
  if (!peak || primary === null || (active !== 'start' && active !== 'end')) return;
  const handle = active === 'start' ? 'baselineStart' : 'baselineEnd';
  context.apply([moveEdit(primary, handle, handleValue(peak, handle) + steps * context.steps.value)]);
}

function activate(context: EditorContext, mark: ActiveMark) {
  const { primary, peaks, signal } = context;
  if (mark !== 'cursor' && primary === null) {
    if (peaks.length === 0) return;
    context.select([0]);
  }
  if (mark === 'cursor' && context.cursorSec === null && signal) {
    context.setCursorSec(primary === null ? (signal.timeSec[0] ?? 0) : context.apexOf(primary));
  }
  context.setActive(mark);
}

function split(context: EditorContext) {
  const { primary, peaks } = context;
  const at = context.cursorSec ?? (primary === null ? null : context.apexOf(primary));
  if (at === null) return;
  const index = primary ?? peakAt(peaks, at);
  if (index < 0) return;
  context.apply([splitEdit(index, at)], () => {
    context.setSelection([index]);
    context.setActive(null);
  });
}

/** Does what a key asked. */
export function runEditorCommand(command: EditorCommand, context: EditorContext): void {
  const { peaks, selection, primary } = context;
  switch (command.kind) {
    case 'select': {
      if (peaks.length === 0) return;
      const from = primary ?? (command.step > 0 ? -1 : peaks.length);
      const next = Math.min(peaks.length - 1, Math.max(0, from + command.step));
      context.select(command.extend ? [...selection.filter((i) => i !== next), next] : [next]);
      return;
    }
    case 'nudgeTime':
      return nudgeTime(context, command.steps);
    case 'nudgeBaseline':
      return nudgeBaseline(context, command.steps);
    case 'activate':
      return activate(context, command.mark);
    case 'escape':
      if (context.active !== null) context.setActive(null);
      else context.setSelection([]);
      return;
    case 'delete':
      if (selection.length === 0) return;
      context.apply(deleteEdits(selection), () => {
        context.setSelection([]);
        context.setActive(null);
      });
      return;
    case 'merge':
      context.apply([mergeEdit(selection)], (next) => {
        const first = Math.min(...selection);
        context.setSelection(next.peaks[first] ? [first] : []);
        context.setActive(null);
      });
      return;
    case 'split':
      return split(context);
    case 'add': {
      const at = context.cursorSec ?? (context.signal ? (context.signal.timeSec[0] ?? 0) : 0);
      // Ten samples each side: wide enough to grab, narrow enough to fit between peaks.
      const half = context.steps.timeSec * 10;
      return addPeak(context, at - half, at + half, 'end');
    }
    case 'undo':
      return context.undo();
    case 'save':
      return context.submit();
  }
}

/** What the pointer's gestures on the plot do (attachEditorPointer calls them). */
export function pointerActions(context: EditorContext) {
  return {
    peaks: () => context.peaks,
    grab: (hit: HandleHit) => {
      context.setSelection((current) => [...current.filter((i) => i !== hit.index), hit.index]);
      context.setActive(hit.handle === 'start' || hit.handle === 'baselineStart' ? 'start' : 'end');
    },
    move: (hit: HandleHit, value: number) => context.apply([moveEdit(hit.index, hit.handle, value)]),
    add: (fromSec: number, toSec: number) => addPeak(context, fromSec, toSec, null),
    click: (timeSec: number, extend: boolean) => {
      const index = peakAt(context.peaks, timeSec);
      context.setActive(null);
      context.setCursorSec(timeSec);
      if (index < 0) {
        if (!extend) context.setSelection([]);
        return;
      }
      context.setSelection((current) =>
        extend
          ? current.includes(index)
            ? current.filter((i) => i !== index)
            : [...current, index]
          : [index],
      );
    },
  };
}

/** Moves the peak's start or end to a typed time, staged like a drag; an unchanged or unreadable time does nothing. */
export function moveTo(
  context: EditorContext,
  index: number,
  handle: 'start' | 'end',
  valueSec: number,
): void {
  if (!Number.isFinite(valueSec)) return;
  const peak = context.peaks[index];
  if (!peak || Math.abs(handleValue(peak, handle) - valueSec) < 1e-9) return;
  context.apply([moveEdit(index, handle, valueSec)]);
}
