import type { DetectedApex } from '../detection/detectAutomatic.ts';
import { MIN_WIDTH_FRACTION } from '../detection/detectAutomatic.ts';
import type { SignalScale } from '../detection/detectionSettings.ts';
import { findPeaks } from '../peaks/findPeaks.ts';
import { eventAt, inRanges, ofKind, type TimedEvent } from './timedEvents.ts';

export interface DetectionEventInput {
  timeSec: Float64Array;
  values: Float64Array;
  scale: SignalScale;
  events: readonly TimedEvent[];
  /** The template's own negative-peak setting (on for the whole run). */
  negativePeaks: boolean;
}

/** Whether detection must look for dips at all: the template says so, or a negative_peaks event does. */
export function wantsNegativePeaks(events: readonly TimedEvent[], templateSetting: boolean): boolean {
  return templateSetting || ofKind(events, 'negative_peaks').length > 0;
}

/**
 * The detection events on the apexes detection found, in this order:
 * - `threshold` (ChemStation "Threshold", Empower "Minimum Height"/"Threshold", Chromeleon "Peak
 *   Threshold"): inside its range the apexes are those of scipy `find_peaks` on the signal with the event's
 *   value as minimum prominence (signal units) — the same rule as a template's given prominence — in place
 *   of the automatic ones; the width floor stays the automatic one (a quarter of the narrow-end width);
 * - `negative_peaks` (ChemStation/Empower "Negative Peaks" on/off, Chromeleon "Negative peaks"): dips outside
 *   its ranges stay unreported (they only bound their neighbours) unless the template turns them on;
 * - `inhibit` (ChemStation "Integration Off/On", Empower "Inhibit Integration", Chromeleon "Inhibit
 *   Integration"): an apex inside the range is removed;
 * - `shoulders_off` (ChemStation shoulder detection "Off", Empower without "Detect Shoulders"): a shoulder
 *   (an apex found from the curvature alone) inside the range is removed, so its host integrates through it.
 * Returns the apexes and how many `inhibit` removed.
 */
export function applyDetectionEvents(
  apexes: readonly DetectedApex[],
  input: DetectionEventInput,
): { apexes: DetectedApex[]; inhibited: number } {
  const { timeSec, events } = input;
  const at = (apex: DetectedApex) => timeSec[apex.index]!;
  let result = thresholdApexes(apexes, input);
  const negative = ofKind(events, 'negative_peaks');
  if (!input.negativePeaks && negative.length > 0) {
    result = result.map((apex) =>
      apex.sign === -1 && !inRanges(negative, at(apex)) ? { ...apex, unreported: true } : apex,
    );
  }
  const shouldersOff = ofKind(events, 'shoulders_off');
  result = result.filter((apex) => !apex.shoulder || !inRanges(shouldersOff, at(apex)));
  const inhibit = ofKind(events, 'inhibit');
  const kept = result.filter((apex) => !inhibitedAt(inhibit, at(apex)));
  return { apexes: kept, inhibited: result.length - kept.length };
}

/** Inside an inhibit range: from its start to its end, both included (integration is off over it). */
export function inhibitedAt(inhibit: readonly TimedEvent[], tSec: number): boolean {
  return inhibit.some((event) => tSec >= event.fromSec && tSec <= event.toSec);
}

function thresholdApexes(apexes: readonly DetectedApex[], input: DetectionEventInput): DetectedApex[] {
  const thresholds = ofKind(input.events, 'threshold');
  if (thresholds.length === 0) return [...apexes];
  const { timeSec, values, scale } = input;
  const lowest = Math.min(...thresholds.map((event) => event.value!));
  const found = findPeaks(values, {
    prominence: lowest,
    width: Math.max(1, MIN_WIDTH_FRACTION * scale.widthSamples),
  });
  const prominences = found.properties.prominences!;
  const added: DetectedApex[] = [];
  found.peaks.forEach((index, k) => {
    const event = eventAt(thresholds, timeSec[index]!);
    if (event && prominences[k]! >= event.value!) added.push({ index, sign: 1, shoulder: false });
  });
  const outside = apexes.filter((apex) => apex.sign === -1 || !inRanges(thresholds, timeSec[apex.index]!));
  const merged = [...outside, ...added].sort((a, b) => a.index - b.index);
  return merged.filter((apex, k) => k === 0 || apex.index !== merged[k - 1]!.index);
}
