// Saves a file the server answers (a measurement's data, a sequence's results CSV) with the user's bearer token.
import { notifyError } from '../lib/toast.ts';
import { failureText } from './errors.ts';
import { session } from './client.ts';

export async function downloadFile(path: string, fileName: string): Promise<void> {
  const token = await session.getAccessToken();
  let response: Response;
  try {
    response = await fetch(path, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      credentials: 'same-origin',
    });
  } catch (error) {
    notifyError(failureText(error));
    return;
  }
  if (!response.ok) {
    notifyError(response.status === 404 ? 'Not found' : `Error code ${response.status}`);
    return;
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
