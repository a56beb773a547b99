// How a sample reads in the samples list.
import type { Sample } from './sequencesApi.ts';

/** A standard's analytes as "caffeine: 10 mg/L at 2.50 min · …" ("?" for what is not known yet). */
export function analytesText(sample: Pick<Sample, 'type' | 'analytes'>): string {
  if (sample.type !== 'standard') return '';
  if (!sample.analytes?.length) return 'no analytes';
  return sample.analytes
    .map((a) => {
      const amount = a.amount === null ? '?' : `${a.amount} ${a.amount_unit}`;
      const time = a.retention_time_sec === null ? '?' : `${(a.retention_time_sec / 60).toFixed(2)} min`;
      return `${a.analyte}: ${amount} at ${time}`;
    })
    .join(' · ');
}
