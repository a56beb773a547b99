// The peak editor's status line: the chosen peak and its limits, what is active, or how many peaks there are.
import { domainErrors, type PeakLimits } from '@eluent/contracts';
import type { ActiveMark } from './editorKeys.ts';

const minutes = (sec: number) => (sec / 60).toFixed(3);

export interface StatusInput {
  peaks: readonly PeakLimits[];
  /** The last selected peak's index: the one the keys act on. */
  primary: number | null;
  selectionCount: number;
  active: ActiveMark | null;
  cursorSec: number | null;
}

/** `Peak 2 of 5 (2 selected): 1.000–1.500 min · start active`, `Cursor at 2.000 min`, `5 peaks · none selected`. */
export function editorStatus({ peaks, primary, selectionCount, active, cursorSec }: StatusInput): string {
  const selected = primary === null ? undefined : peaks[primary];
  const cursor = active === 'cursor' && cursorSec !== null ? cursorSec : null;
  if (selected && primary !== null) {
    const several = selectionCount > 1 ? ` (${selectionCount} selected)` : '';
    const mark = active === 'start' ? ' · start active' : active === 'end' ? ' · end active' : '';
    const at = cursor !== null ? ` · cursor at ${minutes(cursor)} min` : '';
    return `Peak ${primary + 1} of ${peaks.length}${several}: ${minutes(selected.startSec)}–${minutes(selected.endSec)} min${mark}${at}`;
  }
  if (cursor !== null) return `Cursor at ${minutes(cursor)} min`;
  return `${peaks.length} peaks · none selected`;
}

/** Why the staged changes cannot be saved yet (none staged, no reason given); null when they can. */
export function saveRefusal(editCount: number, reason: string): string | null {
  if (editCount === 0) return domainErrors.integration_no_changes;
  if (reason.trim() === '') return domainErrors.integration_reason_required;
  return null;
}
