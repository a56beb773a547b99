import type { Chromatogram } from './chromatogram.ts';

/**
 * Writes a chromatogram as CSV with a header `time (s),signal (<unit>)`; numbers keep full precision so
 * `readCsv` reads back the same values.
 */
export function writeCsv(chromatogram: Pick<Chromatogram, 'timeSec' | 'values' | 'signalUnit'>): string {
  const { timeSec, values, signalUnit } = chromatogram;
  if (timeSec.length !== values.length) throw new Error('CSV export needs one time per value');
  const lines = [`time (s),signal (${signalUnit || 'a.u.'})`];
  for (let i = 0; i < values.length; i++) lines.push(`${timeSec[i]},${values[i]}`);
  return `${lines.join('\n')}\n`;
}
