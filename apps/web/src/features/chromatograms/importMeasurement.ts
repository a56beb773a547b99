// Upload of a chromatogram file (AIA/ANDI .cdf or CSV) to POST /api/measurements/import/ as multipart.
import type { MeasurementImport } from '@eluent/contracts';
import { session } from '../../api/client.ts';
import { httpErrorText } from '../../api/errors.ts';
import { readCookie } from '../../api/http.ts';
import { connectedFetch } from '../../api/connectedFetch.ts';

export async function importMeasurement(file: File): Promise<{ id: number }> {
  const body = new FormData();
  body.append('file', file, file.name);
  const token = await session.getAccessToken();
  const csrf = readCookie('csrftoken', document.cookie);
  const response = await connectedFetch('/api/measurements/import/', {
    method: 'POST',
    body,
    credentials: 'same-origin',
    headers: {
      Accept: 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(csrf ? { 'X-CSRFToken': csrf } : {}),
    },
  });
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new Error(httpErrorText(response.status, data));
  const id = (data as Partial<MeasurementImport> | null)?.measurement_id;
  if (typeof id !== 'number') throw new Error('Import answered without a measurement id.');
  return { id };
}
