// Adding an integration event on the preview's plot: while a kind is being placed the plot's drag no longer
// zooms; a drag across the signal gives the event's range, a click its time (a range kind then runs to the
// end of the run). Escape gives up. The range being dragged is shaded as it moves.
import { useCallback, useMemo, useRef } from 'react';
import type uPlot from 'uplot';
import type { PlotEditing } from '../../plot/plotTypes.ts';

/** A press that moves less than this many CSS pixels is a click (as the peak editor's). */
const CLICK_SLOP = 4;
const GHOST = 'rgba(112, 72, 232, 0.18)';

export function useEventPicker(
  placing: { label: string; point: boolean } | null,
  onPick: (fromSec: number, toSec: number | null) => void,
  onCancel: () => void,
): PlotEditing | null {
  const pickRef = useRef(onPick);
  pickRef.current = onPick;
  const ghost = useRef<{ fromSec: number; toSec: number } | null>(null);
  const attach = useCallback((u: uPlot) => {
    const over = u.over;
    let x0: number | null = null;
    let moved = false;
    const local = (event: PointerEvent) => event.clientX - over.getBoundingClientRect().left;
    const secAt = (x: number) => u.posToVal(x, 'x') * 60;
    const down = (event: PointerEvent) => {
      if (event.button !== 0) return;
      event.preventDefault();
      over.setPointerCapture(event.pointerId);
      x0 = local(event);
      moved = false;
    };
    const move = (event: PointerEvent) => {
      if (x0 === null) return;
      const x = local(event);
      moved ||= Math.abs(x - x0) >= CLICK_SLOP;
      if (!moved) return;
      ghost.current = { fromSec: secAt(x0), toSec: secAt(x) };
      u.redraw(false);
    };
    const up = (event: PointerEvent) => {
      if (x0 === null) return;
      const start = secAt(x0);
      const end = moved ? secAt(local(event)) : null;
      x0 = null;
      ghost.current = null;
      u.redraw(false);
      pickRef.current(start, end);
    };
    const cancel = () => {
      x0 = null;
      ghost.current = null;
      u.redraw(false);
    };
    over.addEventListener('pointerdown', down);
    over.addEventListener('pointermove', move);
    over.addEventListener('pointerup', up);
    over.addEventListener('pointercancel', cancel);
    return () => {
      over.removeEventListener('pointerdown', down);
      over.removeEventListener('pointermove', move);
      over.removeEventListener('pointerup', up);
      over.removeEventListener('pointercancel', cancel);
    };
  }, []);
  return useMemo(
    () =>
      placing && {
        attach,
        draw: (u: uPlot) => drawGhost(u, ghost.current),
        onKeyDown: (event) => {
          if (event.key === 'Escape') onCancel();
        },
        label: `Place ${placing.label} on the chromatogram`,
        hint: placing.point
          ? `Click the time of the ${placing.label} event · Esc to cancel`
          : `Drag across the range of the ${placing.label} event (a click: from there to the end) · Esc to cancel`,
      },
    [placing, attach, onCancel],
  );
}

function drawGhost(u: uPlot, ghost: { fromSec: number; toSec: number } | null): void {
  if (!ghost) return;
  const x0 = u.valToPos(Math.min(ghost.fromSec, ghost.toSec) / 60, 'x', true);
  const x1 = u.valToPos(Math.max(ghost.fromSec, ghost.toSec) / 60, 'x', true);
  u.ctx.save();
  u.ctx.fillStyle = GHOST;
  u.ctx.fillRect(x0, u.bbox.top, x1 - x0, u.bbox.height);
  u.ctx.restore();
}
