// The peak editor's layer on the plot: selected peaks shaded with full-height limits, a grab dot at each
// baseline end, the active start or end ringed (the keyboard's focus), the cursor, and a drag in progress.
import type uPlot from 'uplot';
import type { PeakLimits } from '@eluent/contracts';
import type { ActiveMark } from './editorKeys.ts';
import type { Handle } from './staging.ts';

export type EditorGhost =
  | { kind: 'handle'; index: number; handle: Handle; value: number }
  | { kind: 'range'; fromSec: number; toSec: number };

export interface EditorLayer {
  peaks: readonly PeakLimits[];
  selection: readonly number[];
  active: ActiveMark | null;
  cursorSec: number | null;
  ghost: EditorGhost | null;
}

const SELECTED = 'rgba(14, 90, 107, 0.10)';
const LIMIT = '#0e5a6b';
const CURSOR = '#d9480f';

export function drawEditor(u: uPlot, layer: EditorLayer): void {
  const ctx = u.ctx;
  const ratio = window.devicePixelRatio || 1;
  const x = (sec: number) => u.valToPos(sec / 60, 'x', true);
  const y = (value: number) => u.valToPos(value, 'y', true);
  const { top, height } = u.bbox;
  const vertical = (at: number, width: number, color: string, dash: number[] = []) => {
    ctx.beginPath();
    ctx.setLineDash(dash.map((d) => d * ratio));
    ctx.strokeStyle = color;
    ctx.lineWidth = width * ratio;
    ctx.moveTo(at, top);
    ctx.lineTo(at, top + height);
    ctx.stroke();
    ctx.setLineDash([]);
  };
  const dot = (cx: number, cy: number, radius: number, filled: boolean) => {
    ctx.beginPath();
    ctx.arc(cx, cy, radius * ratio, 0, 2 * Math.PI);
    ctx.fillStyle = filled ? LIMIT : '#ffffff';
    ctx.strokeStyle = LIMIT;
    ctx.lineWidth = 1.5 * ratio;
    ctx.fill();
    ctx.stroke();
  };
  ctx.save();
  ctx.beginPath();
  ctx.rect(u.bbox.left, top, u.bbox.width, height);
  ctx.clip();
  const primary = layer.selection.at(-1);
  layer.peaks.forEach((peak, index) => {
    const selected = layer.selection.includes(index);
    const x0 = x(peak.startSec);
    const x1 = x(peak.endSec);
    if (selected) {
      ctx.fillStyle = SELECTED;
      ctx.fillRect(x0, top, x1 - x0, height);
      vertical(x0, 1.5, LIMIT);
      vertical(x1, 1.5, LIMIT);
    }
    dot(x0, y(peak.baselineStartValue), selected ? 5 : 3.5, selected);
    dot(x1, y(peak.baselineEndValue), selected ? 5 : 3.5, selected);
    if (index === primary && (layer.active === 'start' || layer.active === 'end')) {
      const at = layer.active === 'start' ? x0 : x1;
      const value = layer.active === 'start' ? peak.baselineStartValue : peak.baselineEndValue;
      vertical(at, 3, LIMIT, [6, 3]);
      ctx.beginPath();
      ctx.arc(at, y(value), 10 * ratio, 0, 2 * Math.PI);
      ctx.strokeStyle = CURSOR;
      ctx.lineWidth = 2.5 * ratio;
      ctx.stroke();
    }
  });
  if (layer.cursorSec !== null)
    vertical(x(layer.cursorSec), layer.active === 'cursor' ? 2.5 : 1.5, CURSOR, [4, 3]);
  const ghost = layer.ghost;
  if (ghost?.kind === 'range') {
    ctx.fillStyle = 'rgba(217, 72, 15, 0.12)';
    ctx.fillRect(x(ghost.fromSec), top, x(ghost.toSec) - x(ghost.fromSec), height);
  } else if (ghost?.kind === 'handle') {
    const peak = layer.peaks[ghost.index];
    if (ghost.handle === 'start' || ghost.handle === 'end') vertical(x(ghost.value), 2, CURSOR, [6, 3]);
    else if (peak)
      dot(x(ghost.handle === 'baselineStart' ? peak.startSec : peak.endSec), y(ghost.value), 6, true);
  }
  ctx.restore();
}
