// The peak editor as the plot sees it: its drawing (staged limits, selection, marks, the drag in progress),
// its pointer handlers and keys, and the staged peaks drawn in place of the stored ones.
import { useCallback, useMemo, useRef, type KeyboardEvent } from 'react';
import { separationCode, type PeakLimits } from '@eluent/contracts';
import type { PlotEditing, PlotPeak } from '../../plot/plotTypes.ts';
import { drawEditor, type EditorGhost, type EditorLayer } from './drawEditor.ts';
import { attachEditorPointer, type PointerActions } from './editorPointer.ts';

export const EDITOR_HELP_ID = 'peak-editor-keys';

interface EditorPlotInput {
  /** The editor is on and has peaks to edit. */
  on: boolean;
  layer: Omit<EditorLayer, 'ghost'>;
  pointer: Omit<PointerActions, 'preview'>;
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
  /** What the plot follows: the editing object is made again when one changes, so the plot redraws. */
  follows: readonly unknown[];
}

export function useEditorPlot({
  on,
  layer,
  pointer,
  onKeyDown,
  follows,
}: EditorPlotInput): PlotEditing | null {
  const ghost = useRef<EditorGhost | null>(null);
  // The pointer handlers live as long as the plot; they read the newest state through this ref.
  const actions = useRef(pointer);
  actions.current = pointer;
  const attach = useCallback(
    (u: Parameters<PlotEditing['attach']>[0]) =>
      attachEditorPointer(u, {
        peaks: () => actions.current.peaks(),
        preview: (next) => {
          ghost.current = next;
          u.redraw(false);
        },
        grab: (hit) => actions.current.grab(hit),
        move: (hit, value) => actions.current.move(hit, value),
        add: (from, to) => actions.current.add(from, to),
        click: (timeSec, extend) => actions.current.click(timeSec, extend),
      }),
    [],
  );
  const drawn = useRef(layer);
  drawn.current = layer;
  return useMemo(
    () =>
      on
        ? {
            draw: (u) => drawEditor(u, { ...drawn.current, ghost: ghost.current }),
            attach,
            onKeyDown,
            label: 'Peak editor',
            describedBy: EDITOR_HELP_ID,
            hint: 'Drag a start, end or baseline dot · drag across the signal to add a peak · click to select (Shift: several)',
          }
        : null,
    // onKeyDown is new each render; the object follows the state it reads, so the plot redraws with it.
    [on, attach, ...follows],
  );
}

/** The staged peaks as the plot labels them: number and separation codes, at their apex. */
export function stagedPlotPeaks(
  peaks: readonly PeakLimits[],
  apexOf: (index: number) => number | null,
): PlotPeak[] {
  return peaks.map((peak, index) => ({
    ...peak,
    number: index + 1,
    label: `${index + 1} ${separationCode(peak.startCode, peak.stopCode, false)}`,
    retentionTimeSec: apexOf(index) ?? peak.startSec,
  }));
}
