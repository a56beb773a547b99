// System suitability of a sequence (docs/assay.md "System suitability"): each component's limits from the
// template its result was made with, tested on every injection's peak (plates, tailing, resolution, S/N,
// retention time; a check standard's deviation from its known amount), and over the standards the %RSD of
// the areas of each standard's replicate injections. A figure that cannot be measured does not pass.
import type { KnownAmount as FullKnownAmount } from './standard-levels.ts';
import {
  componentsOfSnapshot,
  type Component,
  type InjectionResult,
  type InjectionSuitability,
  type SequenceSuitability,
  type SuitabilityCheck,
  type SuitabilityTest,
} from '@eluent/contracts';
import { replicateStatistics } from '@eluent/signal';

/** A standard's known amount of an analyte (standard-levels.ts reads it from its row's level or itself). */
export type KnownAmount = Pick<FullKnownAmount, 'sample_id' | 'analyte' | 'amount'>;

function atLeast(test: SuitabilityTest, limit: number, value: number | null): SuitabilityCheck {
  return { test, limit, value, pass: value !== null && Number.isFinite(value) && value >= limit };
}

function atMost(test: SuitabilityTest, limit: number, value: number | null): SuitabilityCheck {
  return { test, limit, value, pass: value !== null && Number.isFinite(value) && value <= limit };
}

/** Within ± limit: the value keeps its sign (early/late, low/high), the verdict reads its size. */
function within(test: SuitabilityTest, limit: number, value: number | null): SuitabilityCheck {
  return { test, limit, value, pass: value !== null && Number.isFinite(value) && Math.abs(value) <= limit };
}

const peakLimits = [
  'plates_min',
  'tailing_max',
  'resolution_min',
  'signal_to_noise_min',
  'retention_time_window_sec',
] as const;

function hasLimits(component: Component): boolean {
  return Object.values(component.suitability).some((limit) => limit !== null);
}

/** The tests of each component with limits on one injection's current result. */
export function injectionSuitability(
  injection: InjectionResult,
  known: readonly KnownAmount[],
): InjectionSuitability[] {
  const result = injection.result;
  if (!result) return [];
  const lines: InjectionSuitability[] = [];
  for (const component of componentsOfSnapshot(result.template_snapshot)) {
    const limits = component.suitability;
    const tested = peakLimits.some((key) => limits[key] !== null);
    const checking = injection.check_standard && limits.check_deviation_max_percent !== null;
    if (!tested && !checking) continue;
    const held =
      injection.sample?.type === 'standard'
        ? known.find(
            (k) =>
              k.sample_id === injection.sample!.id &&
              k.analyte.toLowerCase() === component.name.toLowerCase(),
          )
        : undefined;
    const peak = result.peaks.find((p) => p.name === component.name);
    const checks: SuitabilityCheck[] = [];
    if (!peak) {
      // A standard that holds the component must show its peak; elsewhere an absent peak is not tested.
      if (!held) continue;
      checks.push({ test: 'found', limit: component.window_sec, value: null, pass: false });
    } else {
      if (limits.plates_min !== null) checks.push(atLeast('plates', limits.plates_min, peak.plates_half));
      if (limits.tailing_max !== null) checks.push(atMost('tailing', limits.tailing_max, peak.tailing));
      if (limits.resolution_min !== null)
        checks.push(atLeast('resolution', limits.resolution_min, peak.resolution));
      if (limits.signal_to_noise_min !== null)
        checks.push(atLeast('signal_to_noise', limits.signal_to_noise_min, peak.signal_to_noise));
      if (limits.retention_time_window_sec !== null)
        checks.push(
          within(
            'retention_time',
            limits.retention_time_window_sec,
            peak.retention_time_sec - component.expected_retention_time_sec,
          ),
        );
      if (checking && held) {
        const deviation =
          held.amount && peak.amount !== null ? (100 * (peak.amount - held.amount)) / held.amount : null;
        checks.push(within('check_deviation', limits.check_deviation_max_percent!, deviation));
      }
    }
    if (checks.length === 0) continue;
    lines.push({
      component: component.name,
      peak_number: peak?.number ?? null,
      checks,
      pass: checks.every((c) => c.pass),
    });
  }
  return lines;
}

/** What the sequence's rows plan for one sample: its name, type and number of injections. */
export interface PlannedSample {
  name: string;
  type: string;
  injections: number;
}

/**
 * The verdict of each component with limits over the standards (calibrating and check): every standard
 * injection passes its tests, and each standard injected more than once keeps its areas' %RSD within the
 * limit (a %RSD limit with no standard injected twice does not pass: nothing shows the repeatability).
 * Against the plan (`planned`, per sample id): a planned standard injection without a result (stopped,
 * interrupted, not yet run) makes the verdict `incomplete` — never a pass on fewer injections than planned;
 * a test that failed on what was found makes it `fail` still.
 */
export function sequenceSuitability(
  injections: readonly InjectionResult[],
  planned: ReadonlyMap<number, PlannedSample> = new Map(),
): SequenceSuitability[] {
  const standards = injections.filter((i) => i.sample?.type === 'standard' && i.result);
  const first = standards[0];
  if (!first) return [];
  // Per standard: injections planned (never fewer than those found) and found with a result.
  const standardPlan = new Map<number, { name: string; planned: number; found: number }>();
  for (const [id, sample] of planned)
    if (sample.type === 'standard')
      standardPlan.set(id, { name: sample.name, planned: sample.injections, found: 0 });
  for (const injection of standards) {
    const sample = injection.sample!;
    const line = standardPlan.get(sample.id) ?? { name: sample.name, planned: 0, found: 0 };
    line.found += 1;
    standardPlan.set(sample.id, line);
  }
  let injectionsPlanned = 0;
  for (const line of standardPlan.values()) {
    line.planned = Math.max(line.planned, line.found);
    injectionsPlanned += line.planned;
  }
  const missing = standards.length < injectionsPlanned;
  const verdicts: SequenceSuitability[] = [];
  for (const component of componentsOfSnapshot(first.result!.template_snapshot).filter(hasLimits)) {
    const lines = standards.flatMap((i) => i.suitability.filter((s) => s.component === component.name));
    const limit = component.suitability.area_rsd_max_percent;
    const areaRsd: SequenceSuitability['area_rsd'] = [];
    if (limit !== null) {
      const groups = new Map<number, { name: string; areas: number[] }>();
      for (const injection of standards) {
        const peak = injection.result!.peaks.find((p) => p.name === component.name);
        const group = groups.get(injection.sample!.id) ?? { name: injection.sample!.name, areas: [] };
        if (peak) group.areas.push(peak.area);
        groups.set(injection.sample!.id, group);
      }
      for (const [id, group] of groups) {
        const plannedCount = standardPlan.get(id)?.planned ?? group.areas.length;
        if (group.areas.length < 2 && plannedCount < 2) continue;
        const stats = replicateStatistics(group.areas);
        areaRsd.push({
          sample: { id, name: group.name },
          count: stats?.count ?? 0,
          planned: Math.max(plannedCount, stats?.count ?? 0),
          check: atMost('area_rsd', limit, stats?.relativeSdPercent ?? null),
        });
      }
      if (areaRsd.length === 0)
        areaRsd.push({
          sample: { id: first.sample!.id, name: first.sample!.name },
          count: 1,
          planned: 1,
          check: atMost('area_rsd', limit, null),
        });
    }
    if (lines.length === 0 && areaRsd.length === 0) continue;
    const failed = lines.filter((line) => !line.pass).length;
    // A %RSD over fewer areas than planned is shown but decides nothing: the verdict is incomplete.
    const short = areaRsd.filter((line) => line.count < line.planned);
    const rsdFailed = areaRsd.some((line) => line.count >= line.planned && !line.check.pass);
    const status = failed > 0 || rsdFailed ? 'fail' : missing || short.length > 0 ? 'incomplete' : 'pass';
    verdicts.push({
      component: component.name,
      injections: lines.length,
      injections_failed: failed,
      injections_planned: injectionsPlanned,
      area_rsd: areaRsd,
      status,
      pass: status === 'pass',
    });
  }
  return verdicts;
}
