import { MIN_WIDTH_FRACTION } from '../detection/detectAutomatic.ts';
import type { PeakLimits } from '../figures/measurePeak.ts';
import type { Peak } from '../figures/peak.ts';
import { eventAt, ofKind, type TimedEvent } from './timedEvents.ts';

export interface MeasuredPeaks {
  peaks: Peak[];
  limits: PeakLimits[];
  skimParents: (number | undefined)[];
}

/**
 * The events that reject measured peaks, by the peak's retention time:
 * - `area_reject` (ChemStation "Area Reject", Empower "Minimum Area", Chromeleon "Area Threshold"): a peak
 *   whose area is below the event's value (signal·s) is not reported;
 * - `peak_width` (ChemStation "Peak Width", Empower "Peak Width", Chromeleon "Peak Width"): the expected W50;
 *   a peak narrower than a quarter of it is noise, the same floor the automatic detection applies to its
 *   own width estimate (MIN_WIDTH_FRACTION).
 * A rejected rider gives its area back to its skim parent.
 */
export function rejectPeaks(measured: MeasuredPeaks, events: readonly TimedEvent[]): MeasuredPeaks {
  const areaReject = ofKind(events, 'area_reject');
  const width = ofKind(events, 'peak_width');
  if (areaReject.length === 0 && width.length === 0) return measured;
  const rejected = (peak: Peak) => {
    const area = eventAt(areaReject, peak.retentionTimeSec);
    if (area && Math.abs(peak.area) < area.value!) return true;
    const expected = eventAt(width, peak.retentionTimeSec);
    return Boolean(
      expected && peak.widthHalfSec !== null && peak.widthHalfSec < MIN_WIDTH_FRACTION * expected.value!,
    );
  };
  const peaks = [...measured.peaks];
  const keep = peaks.map((peak) => !rejected(peak));
  measured.skimParents.forEach((parent, k) => {
    if (parent === undefined || keep[k]) return;
    peaks[parent] = { ...peaks[parent]!, area: peaks[parent]!.area + peaks[k]!.area };
  });
  const kept = peaks.flatMap((_, k) => (keep[k] ? [k] : []));
  const newIndex = new Map(kept.map((k, j) => [k, j]));
  return {
    peaks: kept.map((k) => peaks[k]!),
    limits: kept.map((k) => measured.limits[k]!),
    skimParents: kept.map((k) => {
      const parent = measured.skimParents[k];
      return parent === undefined ? undefined : newIndex.get(parent);
    }),
  };
}
