// Replicates of a sequence: per sample (not standards) and component, the mean, SD and %RSD of the amounts
// of its injections' current results (packages/signal's replicateStatistics). Only what was injected more
// than once is summarised.
import type { InjectionResult, ReplicateSummary } from '@eluent/contracts';
import { replicateStatistics } from '@eluent/signal';

export function replicateSummaries(injections: readonly InjectionResult[]): ReplicateSummary[] {
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
    if (group.amounts.length < 2) continue;
    const stats = replicateStatistics(group.amounts)!;
    summaries.push({
      sample: group.injection.sample!,
      component: group.component,
      amount_unit: group.unit,
      count: stats.count,
      mean: stats.mean,
      standard_deviation: stats.standardDeviation,
      relative_sd_percent: stats.relativeSdPercent,
      injection_ids: group.ids,
    });
  }
  return summaries;
}
