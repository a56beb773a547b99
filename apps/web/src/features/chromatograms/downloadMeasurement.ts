// Downloads a measurement file (CSV, AIA/ANDI netCDF with the peak table, or an Allotrope Simple Model
// liquid-chromatography document with the data cube and the peak list: docs/formats.md "Export as ASM").
import { downloadFile } from '../../api/download.ts';

export function downloadMeasurement(id: number, format: 'csv' | 'cdf' | 'asm'): Promise<void> {
  if (format === 'asm') return downloadFile(`/api/measurements/${id}/asm/`, `measurement-${id}.asm.json`);
  return downloadFile(`/api/measurements/${id}/data/?format=${format}`, `measurement-${id}.${format}`);
}
