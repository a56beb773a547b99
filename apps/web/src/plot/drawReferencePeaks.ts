// Canvas layer of another integration of the same signal (the vendor's peak table of an imported file):
// each baseline as a dashed line from its start point to its stop point, each peak's limits as short ticks
// on that baseline, in a colour of their own so both integrations read side by side.
import type uPlot from 'uplot';
import { SECONDS_PER_MINUTE } from './plotData.ts';
import { REFERENCE_COLOR, type ReferencePeak } from './plotTypes.ts';

/** The baseline's value at `timeSec`, on the straight line between its start and stop points. */
function baselineAt(peak: ReferencePeak, timeSec: number): number {
  const span = peak.baselineStopSec - peak.baselineStartSec;
  if (span === 0) return peak.baselineStartValue;
  const share = (timeSec - peak.baselineStartSec) / span;
  return peak.baselineStartValue + share * (peak.baselineStopValue - peak.baselineStartValue);
}

/** The `draw` hook; reads the current peaks through `peaks()` so React updates need no new plot. */
export function drawReferencePeaksHook(peaks: () => readonly ReferencePeak[]) {
  return (u: uPlot) => {
    const shown = peaks();
    if (shown.length === 0) return;
    const ctx = u.ctx;
    const pixelRatio = window.devicePixelRatio || 1;
    const x = (sec: number) => u.valToPos(sec / SECONDS_PER_MINUTE, 'x', true);
    const y = (value: number) => u.valToPos(value, 'y', true);
    ctx.save();
    ctx.beginPath();
    ctx.rect(u.bbox.left, u.bbox.top, u.bbox.width, u.bbox.height);
    ctx.clip();
    ctx.strokeStyle = REFERENCE_COLOR;
    ctx.lineWidth = 1.25 * pixelRatio;
    ctx.setLineDash([5 * pixelRatio, 4 * pixelRatio]);
    ctx.beginPath();
    for (const peak of shown) {
      ctx.moveTo(x(peak.baselineStartSec), y(peak.baselineStartValue));
      ctx.lineTo(x(peak.baselineStopSec), y(peak.baselineStopValue));
    }
    ctx.stroke();
    ctx.setLineDash([]);
    const tick = 4 * pixelRatio;
    ctx.beginPath();
    for (const peak of shown) {
      for (const limitSec of [peak.startSec, peak.endSec]) {
        const level = y(baselineAt(peak, limitSec));
        ctx.moveTo(x(limitSec), level - tick);
        ctx.lineTo(x(limitSec), level + tick);
      }
    }
    ctx.stroke();
    ctx.restore();
  };
}
