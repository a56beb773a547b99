// Canvas layer over the signal: each peak's baseline, its start and end marks, a light fill and its label.
import type uPlot from 'uplot';
import { lowerBound } from '@eluent/contracts';
import { SECONDS_PER_MINUTE } from './plotData.ts';
import { PEAK_COLOR, type PlotAppearance, type PlotPeak, type PlotSeries } from './plotTypes.ts';

interface PeakLayer {
  peaks: readonly PlotPeak[];
  signal: Pick<PlotSeries, 'timeSec' | 'values'> | null;
  appearance: PlotAppearance;
}

function valueAt(signal: PeakLayer['signal'], timeSec: number): number | null {
  if (!signal || signal.timeSec.length === 0) return null;
  const index = Math.min(signal.timeSec.length - 1, lowerBound(signal.timeSec, timeSec));
  return signal.values[index] as number;
}

/** The `draw` hook; reads the current layer through `layer()` so React updates need no new plot. */
export function drawPeaksHook(layer: () => PeakLayer) {
  return (u: uPlot) => {
    const { peaks, signal, appearance } = layer();
    if (peaks.length === 0) return;
    const ctx = u.ctx;
    const xMin = u.scales.x?.min ?? 0;
    const xMax = u.scales.x?.max ?? 0;
    const pixelRatio = window.devicePixelRatio || 1;
    ctx.save();
    ctx.beginPath();
    ctx.rect(u.bbox.left, u.bbox.top, u.bbox.width, u.bbox.height);
    ctx.clip();
    ctx.font = `${11 * pixelRatio}px Inter, 'Segoe UI', Roboto, sans-serif`;
    ctx.textAlign = 'center';
    const x = (sec: number) => u.valToPos(sec / SECONDS_PER_MINUTE, 'x', true);
    const y = (value: number) => u.valToPos(value, 'y', true);
    for (const peak of peaks) {
      if (peak.endSec / SECONDS_PER_MINUTE < xMin || peak.startSec / SECONDS_PER_MINUTE > xMax) continue;
      const x0 = x(peak.startSec);
      const x1 = x(peak.endSec);
      const b0 = y(peak.baselineStartValue);
      const b1 = y(peak.baselineEndValue);
      if (appearance.fillPeaks && signal) {
        ctx.beginPath();
        ctx.moveTo(x0, b0);
        const from = lowerBound(signal.timeSec, peak.startSec);
        const to = lowerBound(signal.timeSec, peak.endSec);
        const step = Math.max(1, Math.floor((to - from) / Math.max(1, x1 - x0)));
        for (let i = from; i <= to && i < signal.timeSec.length; i += step) {
          ctx.lineTo(x(signal.timeSec[i] as number), y(signal.values[i] as number));
        }
        ctx.lineTo(x1, b1);
        ctx.closePath();
        ctx.fillStyle = 'rgba(43, 179, 168, 0.16)';
        ctx.fill();
      }
      ctx.strokeStyle = PEAK_COLOR;
      ctx.lineWidth = 1.5 * pixelRatio;
      ctx.beginPath();
      if (appearance.showBaseline) {
        ctx.moveTo(x0, b0);
        ctx.lineTo(x1, b1);
      }
      const tick = 6 * pixelRatio;
      ctx.moveTo(x0, b0 - tick);
      ctx.lineTo(x0, b0 + tick);
      ctx.moveTo(x1, b1 - tick);
      ctx.lineTo(x1, b1 + tick);
      ctx.stroke();
      if (appearance.showPeakLabels) {
        const apex = valueAt(signal, peak.retentionTimeSec);
        if (apex !== null) {
          ctx.fillStyle = '#10303a';
          const offset = peak.negative ? 16 * pixelRatio : -6 * pixelRatio;
          ctx.fillText(peak.label, x(peak.retentionTimeSec), y(apex) + offset);
        }
      }
    }
    ctx.restore();
  };
}
