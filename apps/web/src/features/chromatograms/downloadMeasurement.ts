// Downloads a measurement file (CSV, or AIA/ANDI netCDF with the peak table) with the user's bearer token.
import { session } from '../../api/client.ts';
import { notifyError } from '../../lib/toast.ts';

export async function downloadMeasurement(id: number, format: 'csv' | 'cdf'): Promise<void> {
  const token = await session.getAccessToken();
  const response = await fetch(`/api/measurements/${id}/data/?format=${format}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'same-origin',
  });
  if (!response.ok) {
    notifyError(response.status === 404 ? 'Not found' : `Error code ${response.status}`);
    return;
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `measurement-${id}.${format}`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
