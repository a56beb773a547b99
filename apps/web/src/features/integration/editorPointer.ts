// Pointer gestures of the peak editor on the plot (mouse, pen and touch alike): drag a start, an end or a
// baseline end; drag across empty signal to add a peak; click a peak to select it (Shift: add or remove it
// from the selection); click elsewhere to put the cursor there. The plot's own drag-zoom is off meanwhile.
import type uPlot from 'uplot';
import type { PeakLimits } from '@eluent/contracts';
import type { EditorGhost } from './drawEditor.ts';
import { hitHandle, toleranceFor, type HandleHit } from './plotHandles.ts';

export interface PointerActions {
  peaks(): readonly PeakLimits[];
  /** Shows a drag in progress (null: none). */
  preview(ghost: EditorGhost | null): void;
  grab(hit: HandleHit): void;
  move(hit: HandleHit, value: number): void;
  add(fromSec: number, toSec: number): void;
  click(timeSec: number, extend: boolean): void;
}

/** A press that moves less than this many CSS pixels is a click. */
const CLICK_SLOP = 4;

type Gesture =
  | { kind: 'handle'; hit: HandleHit; x0: number; y0: number; moved: boolean }
  | { kind: 'press'; x0: number; shift: boolean; adding: boolean };

export function attachEditorPointer(u: uPlot, actions: PointerActions): () => void {
  const over = u.over;
  let gesture: Gesture | null = null;
  const local = (event: PointerEvent) => {
    const rect = over.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };
  const secAt = (x: number) => u.posToVal(x, 'x') * 60;
  const valueOf = (hit: HandleHit, x: number, y: number) =>
    hit.handle === 'start' || hit.handle === 'end' ? secAt(x) : u.posToVal(y, 'y');

  const down = (event: PointerEvent) => {
    if (event.button !== 0) return;
    event.preventDefault();
    over.closest<HTMLElement>('[tabindex]')?.focus({ preventScroll: true });
    over.setPointerCapture(event.pointerId);
    const { x, y } = local(event);
    const positions = actions.peaks().map((peak) => ({
      startX: u.valToPos(peak.startSec / 60, 'x'),
      endX: u.valToPos(peak.endSec / 60, 'x'),
      baselineStartY: u.valToPos(peak.baselineStartValue, 'y'),
      baselineEndY: u.valToPos(peak.baselineEndValue, 'y'),
    }));
    const hit = hitHandle(positions, x, y, toleranceFor(event.pointerType));
    if (hit) {
      gesture = { kind: 'handle', hit, x0: x, y0: y, moved: false };
      actions.grab(hit);
    } else {
      gesture = { kind: 'press', x0: x, shift: event.shiftKey, adding: false };
    }
  };
  const move = (event: PointerEvent) => {
    if (!gesture) return;
    const { x, y } = local(event);
    if (gesture.kind === 'handle') {
      gesture.moved ||= Math.hypot(x - gesture.x0, y - gesture.y0) >= 1;
      const value = valueOf(gesture.hit, x, y);
      actions.preview({ kind: 'handle', index: gesture.hit.index, handle: gesture.hit.handle, value });
    } else {
      gesture.adding ||= Math.abs(x - gesture.x0) >= CLICK_SLOP;
      if (gesture.adding) actions.preview({ kind: 'range', fromSec: secAt(gesture.x0), toSec: secAt(x) });
    }
  };
  const up = (event: PointerEvent) => {
    const done = gesture;
    gesture = null;
    if (!done) return;
    actions.preview(null);
    const { x, y } = local(event);
    if (done.kind === 'handle') {
      if (done.moved) actions.move(done.hit, valueOf(done.hit, x, y));
    } else if (done.adding) {
      actions.add(secAt(done.x0), secAt(x));
    } else {
      actions.click(secAt(x), done.shift);
    }
  };
  const cancel = () => {
    gesture = null;
    actions.preview(null);
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
}
