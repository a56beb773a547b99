// Which peaks are which: the components of the template a result was made with (name, expected retention
// time, window, calibration model) and, for analytes no component names, the sequence's standards. A
// standard whose component has no peak in its window says so on its result, by name and times.
import {
  calibrationProblemText,
  componentsOfSnapshot,
  DEFAULT_COMPONENT_WINDOW_SEC,
  suitabilityLimitsSchema,
  type CalibrationProblem,
  type Component,
} from '@eluent/contracts';
import type { CalibrationModelName, CalibrationWeighting } from '@eluent/signal';
import type { PeakValues } from '../../repositories/results.ts';
import type { AnalyteRow } from '../../repositories/samples.ts';

export interface ExpectedComponent {
  name: string;
  expectedRetentionTimeSec: number;
  windowSec: number;
  /** Null for an analyte no template component describes: the sequence's default calibration. */
  model: CalibrationModelName | null;
  weighting: CalibrationWeighting;
  amountUnit: string | null;
}

/**
 * The template's components, then each standard analyte (with an expected time) that no component names.
 * @example expectedComponents({ components: [{ name: 'Caffeine', expected_retention_time_sec: 332 }] }, [])
 */
export function expectedComponents(snapshot: unknown, analytes: readonly AnalyteRow[]): ExpectedComponent[] {
  const list: ExpectedComponent[] = componentsOfSnapshot(snapshot).map((component) => ({
    name: component.name,
    expectedRetentionTimeSec: component.expected_retention_time_sec,
    windowSec: component.window_sec,
    model: component.model,
    weighting: component.weighting,
    amountUnit: component.amount_unit || null,
  }));
  const named = new Set(list.map((component) => component.name.toLowerCase()));
  for (const analyte of analytes) {
    if (analyte.retention_time_sec === null || named.has(analyte.analyte.toLowerCase())) continue;
    named.add(analyte.analyte.toLowerCase());
    list.push({
      name: analyte.analyte,
      expectedRetentionTimeSec: analyte.retention_time_sec,
      windowSec: analyte.window_sec || DEFAULT_COMPONENT_WINDOW_SEC,
      model: null,
      weighting: 'none',
      amountUnit: analyte.amount_unit,
    });
  }
  return list;
}

/** Names each component's peak: the unnamed one closest to its expected retention time, inside its window. */
export function namePeaks(peaks: PeakValues[], components: readonly ExpectedComponent[]): void {
  for (const component of components) {
    let best: PeakValues | null = null;
    const distance = (peak: PeakValues) =>
      Math.abs(peak.retention_time_sec - component.expectedRetentionTimeSec);
    for (const peak of peaks) {
      if (distance(peak) > component.windowSec || peak.name) continue;
      if (!best || distance(peak) < distance(best)) best = peak;
    }
    if (best) best.name = component.name;
  }
}

/** A result error: the catalogue sentence and the problem's fields, so views can show either. */
export interface ComponentNotFoundError extends Extract<CalibrationProblem, { code: 'component_not_found' }> {
  message: string;
}

/**
 * The components a standard holds (its analytes, by name) that have no named peak: each with its expected
 * time, window and the standard's peak nearest that time.
 */
export function componentsNotFound(
  peaks: readonly PeakValues[],
  components: readonly ExpectedComponent[],
  standard: { name: string; analytes: readonly string[] },
): ComponentNotFoundError[] {
  const held = new Set(standard.analytes.map((name) => name.toLowerCase()));
  return components
    .filter((component) => held.has(component.name.toLowerCase()))
    .filter((component) => !peaks.some((peak) => peak.name === component.name))
    .map((component) => {
      let nearest: number | null = null;
      for (const peak of peaks) {
        const gap = Math.abs(peak.retention_time_sec - component.expectedRetentionTimeSec);
        if (nearest === null || gap < Math.abs(nearest - component.expectedRetentionTimeSec))
          nearest = peak.retention_time_sec;
      }
      const problem = {
        code: 'component_not_found' as const,
        component: component.name,
        expected_retention_time_sec: component.expectedRetentionTimeSec,
        window_sec: component.windowSec,
        nearest_retention_time_sec: nearest,
        standard: standard.name,
      };
      return { ...problem, message: calibrationProblemText(problem) };
    });
}

/**
 * New expected retention times from a standard's peaks: a component the result named takes its peak's time;
 * the components it missed take the largest unnamed peaks, matched in order of retention (the elution order
 * does not change when the whole run shifts). Components outside `held` (not in this standard) keep theirs.
 * @example retentionTimesFrom([{ name: null, retention_time_sec: 332, area: 9 }], [caffeineAt180], null)
 * // { components: [{ …caffeine, expected_retention_time_sec: 332 }], updated: ['Caffeine'] }
 */
export function retentionTimesFrom(
  peaks: ReadonlyArray<{ name: string | null; retention_time_sec: number; area: number }>,
  components: readonly Component[],
  held: ReadonlySet<string> | null,
): { components: Component[]; updated: string[] } {
  const inStandard = (component: Component) => held === null || held.has(component.name.toLowerCase());
  const next = components.map((component) => ({ ...component }));
  const updated: string[] = [];
  const missed: Component[] = [];
  for (const component of next.filter(inStandard)) {
    const peak = peaks.find((p) => p.name === component.name);
    if (!peak) missed.push(component);
    else if (peak.retention_time_sec !== component.expected_retention_time_sec) {
      component.expected_retention_time_sec = peak.retention_time_sec;
      updated.push(component.name);
    }
  }
  const componentNames = new Set(components.map((c) => c.name));
  const candidates = peaks
    .filter((peak) => !peak.name || !componentNames.has(peak.name))
    .toSorted((a, b) => b.area - a.area)
    .slice(0, missed.length)
    .toSorted((a, b) => a.retention_time_sec - b.retention_time_sec);
  if (candidates.length === missed.length) {
    missed
      .toSorted((a, b) => a.expected_retention_time_sec - b.expected_retention_time_sec)
      .forEach((component, index) => {
        component.expected_retention_time_sec = candidates[index]!.retention_time_sec;
        updated.push(component.name);
      });
  }
  return { components: next, updated };
}

/** Components seeded from a standard's analytes: its names, expected times, windows and units, linear. */
export function componentsFromAnalytes(analytes: readonly AnalyteRow[]): Component[] {
  return analytes
    .filter((analyte) => analyte.retention_time_sec !== null && analyte.retention_time_sec > 0)
    .map((analyte) => ({
      name: analyte.analyte,
      expected_retention_time_sec: analyte.retention_time_sec!,
      window_sec: analyte.window_sec || DEFAULT_COMPONENT_WINDOW_SEC,
      is_reference: false,
      model: 'linear',
      weighting: 'none',
      amount_unit: analyte.amount_unit,
      levels: [],
      suitability: suitabilityLimitsSchema.parse({}),
    }));
}
