// Imports as jobs (docs/performance.md "Import jobs"): the upload asks `Prefer: respond-async`, so the server
// answers 202 with the job once the file is received; the upload's own progress comes from the browser
// (XMLHttpRequest upload events, which fetch does not give), the job's from the user's realtime channel and
// GET /api/measurements/import/jobs/{id}/.
import type { ImportJob } from '@eluent/contracts';
import { session } from '../../api/client.ts';
import { CONNECTION_TEXT, httpErrorText } from '../../api/errors.ts';
import { readCookie } from '../../api/http.ts';
import { importPartName, type ImportFile } from './importMeasurement.ts';

async function authHeaders(): Promise<Record<string, string>> {
  const token = await session.getAccessToken();
  const csrf = readCookie('csrftoken', document.cookie);
  return {
    Accept: 'application/json',
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
    ...(csrf ? { 'X-CSRFToken': csrf } : {}),
  };
}

/** An upload under way: its job once the server has the file, and a way to abort the upload itself. */
export interface StartedImport {
  job: Promise<ImportJob>;
  abort: () => void;
}

/** Uploads one import (a file, a zip, or a run folder's files); `onUpload` hears the fraction sent. */
export function startImport(
  files: readonly ImportFile[],
  onUpload: (fraction: number) => void,
): StartedImport {
  const request = new XMLHttpRequest();
  const job = new Promise<ImportJob>((resolve, reject) => {
    const body = new FormData();
    for (const item of files) body.append('file', item.file, importPartName(item));
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onUpload(event.loaded / event.total);
    };
    request.onerror = () => reject(new Error(CONNECTION_TEXT));
    request.onabort = () => reject(new Error('The upload was cancelled.'));
    request.onload = () => {
      let data: unknown = null;
      try {
        data = JSON.parse(request.responseText);
      } catch {
        data = null;
      }
      if (request.status === 202) resolve(data as ImportJob);
      else reject(new Error(httpErrorText(request.status, data)));
    };
    void authHeaders().then((headers) => {
      request.open('POST', '/api/measurements/import/');
      request.withCredentials = true;
      for (const [name, value] of Object.entries({ ...headers, Prefer: 'respond-async' }))
        request.setRequestHeader(name, value);
      request.send(body);
    }, reject);
  });
  return { job, abort: () => request.abort() };
}

async function jobCall(method: 'GET' | 'DELETE', jobId: number): Promise<ImportJob> {
  const response = await fetch(`/api/measurements/import/jobs/${jobId}/`, {
    method,
    credentials: 'same-origin',
    headers: await authHeaders(),
  });
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new Error(httpErrorText(response.status, data));
  return data as ImportJob;
}

export const fetchImportJob = (jobId: number) => jobCall('GET', jobId);
export const cancelImportJob = (jobId: number) => jobCall('DELETE', jobId);

/**
 * The imports a pick or a drop makes: each file its own measurement, except the files of one run folder
 * (named by their path in it), which make one together.
 */
export function importUnits(files: readonly ImportFile[]): ImportFile[][] {
  const folders = new Map<string, ImportFile[]>();
  const units: ImportFile[][] = [];
  for (const item of files) {
    const name = importPartName(item);
    const slash = name.indexOf('/');
    if (slash < 0) {
      units.push([item]);
      continue;
    }
    const folder = name.slice(0, slash);
    const group = folders.get(folder) ?? [];
    if (group.length === 0) units.push(group);
    group.push(item);
    folders.set(folder, group);
  }
  return units;
}
