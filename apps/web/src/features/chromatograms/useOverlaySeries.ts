// The series the overlay draws: loaded signals in one unit, hidden ones left out, normalised and arranged.
import { useMemo } from 'react';
import type { PlotSeries } from '../../plot/plotTypes.ts';
import {
  arrange,
  normalise,
  overlayUnit,
  toCommonUnit,
  type DrawnTrace,
  type OverlayTrace,
} from './overlay.ts';
import { normalisationOf, type OverlaySettings } from './OverlayControls.tsx';

export interface OverlayResult {
  series: PlotSeries[];
  /** Per shown trace: as converted (before normalising and shifting), for the legend. */
  traces: DrawnTrace[];
  unit: string;
  axisLabel: string;
}

export function useOverlaySeries(
  traces: OverlayTrace[],
  signature: string,
  hidden: ReadonlySet<string>,
  settings: OverlaySettings,
): OverlayResult {
  const normalisation = normalisationOf(settings);
  const normalisationKey = JSON.stringify(normalisation);
  const hiddenKey = [...hidden].sort().join(',');
  return useMemo(() => {
    const unit = overlayUnit(traces.map((trace) => trace.unit));
    const converted = toCommonUnit(traces, unit);
    const shown = converted.filter((trace) => !hidden.has(trace.id));
    const drawn = arrange(normalise(shown, normalisation), settings.layout);
    const axisLabel = normalisation.kind === 'none' ? unit : '% of peak';
    return {
      series: drawn.map(({ id, label, timeSec, values, color }) => ({ id, label, timeSec, values, color })),
      traces: converted,
      unit,
      axisLabel: settings.layout === 'overlay' ? axisLabel : `${axisLabel} (shifted)`,
    };
    // The signature stands for the traces' contents, so zoom survives unrelated renders.
  }, [signature, hiddenKey, normalisationKey, settings.layout]);
}
