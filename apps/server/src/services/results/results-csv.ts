// The sequence results table as CSV: one line per peak of each injection's current result (an injection
// without peaks keeps one line), numbers at full precision, text quoted when needed (RFC 4180). Each line
// carries its row's weight, dilution and injection volume, the peak's system-suitability verdict with the
// failed tests in words, and for a sample's replicates their count, mean and %RSD (docs/assay.md).
import { suitabilityCheckText } from '@eluent/contracts';
import type { ReportsService } from './reports.ts';
import { csvDocument } from '../csv.ts';

type SequenceResults = Awaited<ReturnType<ReportsService['sequenceResults']>>;

const COLUMNS = [
  'injection_id',
  'measurement_id',
  'sample',
  'sample_type',
  'vial',
  'replicate',
  'result_version',
  'result_kind',
  'peak_number',
  'peak_name',
  'retention_time_sec',
  'start_sec',
  'end_sec',
  'area',
  'area_percent',
  'height',
  'amount',
  'amount_unit',
  'plates_half',
  'tailing',
  'resolution',
  'signal_to_noise',
  'weight_mg',
  'dilution',
  'injection_ul',
  'check_standard',
  'bracket',
  'sst',
  'sst_failed',
  'replicate_count',
  'replicate_mean',
  'replicate_rsd_percent',
] as const;

export function resultsCsv(results: Pick<SequenceResults, 'injections' | 'replicates'>): string {
  const lines: unknown[][] = [[...COLUMNS]];
  for (const injection of results.injections) {
    const head = {
      injection_id: injection.injection_id,
      measurement_id: injection.measurement_id,
      sample: injection.sample?.name ?? null,
      sample_type: injection.sample?.type ?? null,
      vial: injection.vial,
      replicate: injection.replicate,
      result_version: injection.result?.version ?? null,
      result_kind: injection.result?.kind ?? null,
      weight_mg: injection.weight_mg,
      dilution: injection.dilution,
      injection_ul: injection.injection_ul,
      check_standard: injection.check_standard,
      bracket: injection.bracket,
    };
    const suitabilityOf = (name: string | null) =>
      name === null ? undefined : injection.suitability.find((line) => line.component === name);
    const replicateOf = (name: string | null) =>
      results.replicates.find((line) => line.component === name && line.sample.id === injection.sample?.id);
    const peaks = injection.result?.peaks ?? [];
    const rows: Array<Record<string, unknown>> =
      peaks.length > 0
        ? peaks.map((peak) => ({
            ...head,
            peak_number: peak.number,
            peak_name: peak.name,
            retention_time_sec: peak.retention_time_sec,
            start_sec: peak.start_sec,
            end_sec: peak.end_sec,
            area: peak.area,
            area_percent: peak.area_percent,
            height: peak.height,
            amount: peak.amount,
            amount_unit: peak.amount_unit,
            plates_half: peak.plates_half,
            tailing: peak.tailing,
            resolution: peak.resolution,
            signal_to_noise: peak.signal_to_noise,
            sst: suitabilityOf(peak.name) ? (suitabilityOf(peak.name)!.pass ? 'pass' : 'fail') : null,
            sst_failed:
              suitabilityOf(peak.name)
                ?.checks.filter((check) => !check.pass)
                .map(suitabilityCheckText)
                .join('; ') || null,
            replicate_count: replicateOf(peak.name)?.count ?? null,
            replicate_mean: replicateOf(peak.name)?.mean ?? null,
            replicate_rsd_percent: replicateOf(peak.name)?.relative_sd_percent ?? null,
          }))
        : [head];
    for (const row of rows) lines.push(COLUMNS.map((column) => row[column]));
  }
  return csvDocument(lines);
}
