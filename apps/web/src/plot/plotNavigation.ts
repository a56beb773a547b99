// Panning and zooming the time axis: Shift-drag and the wheel on the plot, and steps for the buttons.
import type uPlot from 'uplot';

/** Moves the visible window by a fraction of its width (negative: earlier). */
export function panBy(u: uPlot, fraction: number): void {
  const min = u.scales.x?.min ?? 0;
  const max = u.scales.x?.max ?? 1;
  const shift = (max - min) * fraction;
  u.setScale('x', { min: min + shift, max: max + shift });
}

/** Scales the visible window around a time (default its centre); factor < 1 zooms in. */
export function zoomBy(u: uPlot, factor: number, aroundMin?: number): void {
  const min = u.scales.x?.min ?? 0;
  const max = u.scales.x?.max ?? 1;
  const centre = aroundMin ?? (min + max) / 2;
  const nextMin = centre - (centre - min) * factor;
  const nextMax = centre + (max - centre) * factor;
  if (nextMax - nextMin < 1e-6) return;
  u.setScale('x', { min: nextMin, max: nextMax });
}

/** Shift-drag pans, the wheel zooms around the cursor; returns the function that detaches both. */
export function attachPanAndWheel(u: uPlot): () => void {
  const over = u.over;
  let dragStart: { x: number; min: number; max: number } | null = null;
  const onDown = (event: MouseEvent) => {
    if (!event.shiftKey) return;
    event.preventDefault();
    dragStart = { x: event.clientX, min: u.scales.x?.min ?? 0, max: u.scales.x?.max ?? 1 };
    window.addEventListener('mousemove', onMove);
    window.addEventListener('mouseup', onUp);
  };
  const onMove = (event: MouseEvent) => {
    if (!dragStart) return;
    const width = over.clientWidth || 1;
    const shift = ((event.clientX - dragStart.x) / width) * (dragStart.max - dragStart.min);
    u.setScale('x', { min: dragStart.min - shift, max: dragStart.max - shift });
  };
  const onUp = () => {
    dragStart = null;
    window.removeEventListener('mousemove', onMove);
    window.removeEventListener('mouseup', onUp);
  };
  const onWheel = (event: WheelEvent) => {
    event.preventDefault();
    const rect = over.getBoundingClientRect();
    const at = u.posToVal(event.clientX - rect.left, 'x');
    zoomBy(u, event.deltaY < 0 ? 0.8 : 1.25, at);
  };
  over.addEventListener('mousedown', onDown);
  over.addEventListener('wheel', onWheel, { passive: false });
  return () => {
    onUp();
    over.removeEventListener('mousedown', onDown);
    over.removeEventListener('wheel', onWheel);
  };
}
