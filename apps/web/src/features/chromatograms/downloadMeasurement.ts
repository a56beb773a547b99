// Downloads a measurement file (CSV, or AIA/ANDI netCDF with the peak table).
import { downloadFile } from '../../api/download.ts';

export function downloadMeasurement(id: number, format: 'csv' | 'cdf'): Promise<void> {
  return downloadFile(`/api/measurements/${id}/data/?format=${format}`, `measurement-${id}.${format}`);
}
