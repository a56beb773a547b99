// Replicates of a sequence: per sample (not standards) and component, the mean, SD and %RSD of the amounts
// of its injections' current results (packages/signal's replicateStatistics). Only what was injected (or
// planned) more than once is summarised. Each line says how many injections it found of those the rows plan
// ("3 of 4"): a stopped or missing replicate makes it incomplete, never silently a smaller n.
import type { InjectionResult, ReplicateSummary } from '@eluent/contracts';
import { replicateStatistics } from '@eluent/signal';

/**
 * @param planned injections the sequence's rows plan per sample id (enabled rows' `injections_count`).
 */
export function replicateSummaries(
  injections: readonly InjectionResult[],
  planned: ReadonlyMap<number, number> = new Map(),
): ReplicateSummary[] {
  const groups = new Map<
    string,
    { injection: InjectionResult; amounts: number[]; ids: number[]; unit: string | null; component: string }
  >();
  for (const injection of injections) {
    if (!injection.sample || injection.sample.type === 'standard' || !injection.result) continue;
    for (const peak of injection.result.peaks) {
      if (!peak.name || peak.amount === null) continue;
      const key = JSON.stringify([injection.sample.id, peak.name]);
      const group = groups.get(key) ?? {
        injection,
        amounts: [],
        ids: [],
        unit: peak.amount_unit,
        component: peak.name,
      };
      group.amounts.push(peak.amount);
      group.ids.push(injection.injection_id);
      groups.set(key, group);
    }
  }
  const summaries: ReplicateSummary[] = [];
  for (const group of groups.values()) {
    const plannedCount = Math.max(planned.get(group.injection.sample!.id) ?? 0, group.amounts.length);
    if (plannedCount < 2) continue;
    const stats = replicateStatistics(group.amounts) ?? {
      count: group.amounts.length,
      mean: group.amounts[0]!,
      standardDeviation: null,
      relativeSdPercent: null,
    };
    summaries.push({
      sample: group.injection.sample!,
      component: group.component,
      amount_unit: group.unit,
      count: stats.count,
      planned: plannedCount,
      complete: stats.count >= plannedCount,
      mean: stats.mean,
      standard_deviation: stats.standardDeviation,
      relative_sd_percent: stats.relativeSdPercent,
      injection_ids: group.ids,
    });
  }
  return summaries;
}
