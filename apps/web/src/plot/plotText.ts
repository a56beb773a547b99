// The plot's words: times in minutes, the cursor readout and the events listed under the plot.
import type { PlotMarker } from './plotTypes.ts';

export const formatMin = (value: number) => value.toFixed(2);

/** `Inhibit integration 1.20–1.60 min`, `Split peak at 2.05 min`, `Tangent skim from 3.00 min`. */
export function markerText(marker: PlotMarker): string {
  if (marker.point) return `${marker.label} at ${formatMin(marker.startSec / 60)} min`;
  if (marker.endSec === null) return `${marker.label} from ${formatMin(marker.startSec / 60)} min`;
  return `${marker.label} ${formatMin(marker.startSec / 60)}–${formatMin(marker.endSec / 60)} min`;
}

/** `1.23 min · 4.560 mAU` under the cursor; empty where there is no point. */
export function readoutText(
  timeMin: number | undefined,
  value: number | null | undefined,
  unit: string,
): string {
  if (timeMin === undefined || value === undefined || value === null) return '';
  return `${formatMin(timeMin)} min · ${value.toFixed(3)} ${unit}`;
}
