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
  /**
   * The stored units of the shown traces when they measure different things (mAU beside V or µS): none of
   * them can be the axis, so with no normalisation chosen each trace is drawn as % of its largest peak.
   */
  mixedUnits: string[] | null;
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
    // A trace in another quantity drawn on this axis would lie flat (a few V on a scale of hundreds of mAU).
    const mixed = shown.some((trace) => !trace.converted);
    const mixedUnits = mixed ? [...new Set(shown.map((trace) => trace.unit))] : null;
    const applied = mixed && normalisation.kind === 'none' ? { kind: 'largest' as const } : normalisation;
    const drawn = arrange(normalise(shown, applied), settings.layout);
    const axisLabel =
      applied.kind === 'none'
        ? unit
        : mixed && normalisation.kind === 'none'
          ? '% of largest peak'
          : '% of peak';
    return {
      mixedUnits,
      series: drawn.map(({ id, label, timeSec, values, color }) => ({ id, label, timeSec, values, color })),
      traces: converted,
      unit,
      axisLabel: settings.layout === 'overlay' ? axisLabel : `${axisLabel} (shifted)`,
    };
    // The signature stands for the traces' contents, so zoom survives unrelated renders.
  }, [signature, hiddenKey, normalisationKey, settings.layout]);
}
