// Canvas layer under the peaks: each timed event as a shaded band (a range) or a dashed vertical line (a point
// event), its label at the top of the plot; labels that would overlap step down a line.
import type uPlot from 'uplot';
import { SECONDS_PER_MINUTE } from './plotData.ts';
import type { PlotMarker } from './plotTypes.ts';

const BAND = 'rgba(112, 72, 232, 0.09)';
const EDGE = 'rgba(112, 72, 232, 0.55)';
const INK = '#5f3dc4';
/** Label lines before they wrap back to the top (a dense timetable stays readable, never runs off the plot). */
const LABEL_LINES = 4;

/** The first label line free at `textX` (its last label ends before it); -1 when all are taken. */
function labelRow(ends: readonly number[], textX: number): number {
  for (let row = 0; row < LABEL_LINES; row++) if ((ends[row] ?? -Infinity) < textX) return row;
  return -1;
}

/** The `draw` hook; reads the markers through `markers()` so React updates need no new plot. */
export function drawMarkersHook(markers: () => readonly PlotMarker[]) {
  return (u: uPlot) => {
    const list = markers();
    if (list.length === 0) return;
    const ctx = u.ctx;
    const ratio = window.devicePixelRatio || 1;
    const { left, top, width, height } = u.bbox;
    const x = (sec: number) => u.valToPos(sec / SECONDS_PER_MINUTE, 'x', true);
    ctx.save();
    ctx.beginPath();
    ctx.rect(left, top, width, height);
    ctx.clip();
    ctx.font = `${10.5 * ratio}px Inter, 'Segoe UI', Roboto, sans-serif`;
    ctx.textAlign = 'left';
    const lineHeight = 13 * ratio;
    const ends: number[] = [];
    for (const marker of [...list].sort((a, b) => a.startSec - b.startSec)) {
      const x0 = x(marker.startSec);
      const x1 = marker.point ? x0 : marker.endSec === null ? left + width : x(marker.endSec);
      if (x1 < left || x0 > left + width) continue;
      ctx.strokeStyle = EDGE;
      ctx.lineWidth = ratio;
      if (marker.point) {
        ctx.setLineDash([4 * ratio, 3 * ratio]);
        ctx.beginPath();
        ctx.moveTo(x0, top);
        ctx.lineTo(x0, top + height);
        ctx.stroke();
        ctx.setLineDash([]);
      } else {
        ctx.fillStyle = BAND;
        ctx.fillRect(x0, top, x1 - x0, height);
        ctx.beginPath();
        ctx.moveTo(x0, top);
        ctx.lineTo(x0, top + height);
        ctx.stroke();
      }
      const textX = Math.max(left, x0) + 3 * ratio;
      const row = Math.max(0, labelRow(ends, textX));
      ctx.fillStyle = INK;
      ctx.fillText(marker.label, textX, top + lineHeight * (row + 1));
      ends[row] = textX + ctx.measureText(marker.label).width + 4 * ratio;
    }
    ctx.restore();
  };
}
