// The sequence results as CSV: one line per peak of each injection's current result (full precision).
import type { InjectionResult } from './sequencesApi.ts';

const HEADER = [
  'injection_id',
  'measurement_id',
  'sample',
  'sample_type',
  'vial',
  'replicate',
  'result_version',
  'result_kind',
  'peak',
  'name',
  'retention_time_min',
  'area',
  'area_percent',
  'height',
  'plates',
  'tailing',
  'resolution',
  'signal_to_noise',
  'amount',
  'amount_unit',
];

function cell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function resultsCsv(injections: readonly InjectionResult[]): string {
  const lines = [HEADER.join(',')];
  for (const injection of injections) {
    const base = [
      injection.injection_id,
      injection.measurement_id,
      injection.sample?.name,
      injection.sample?.type,
      injection.vial,
      injection.replicate,
      injection.result?.version,
      injection.result?.kind,
    ];
    const peaks = injection.result?.peaks ?? [];
    if (peaks.length === 0)
      lines.push([...base, ...HEADER.slice(base.length).map(() => '')].map(cell).join(','));
    for (const peak of peaks) {
      lines.push(
        [
          ...base,
          peak.number,
          peak.name,
          peak.retention_time_sec / 60,
          peak.area,
          peak.area_percent,
          peak.height,
          peak.plates_half,
          peak.tailing,
          peak.resolution,
          peak.signal_to_noise,
          peak.amount,
          peak.amount_unit,
        ]
          .map(cell)
          .join(','),
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

/** Saves text as a file through a temporary link. */
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
