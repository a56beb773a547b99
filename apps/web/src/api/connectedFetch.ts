// fetch for the few calls that cannot use the JSON client (files, multipart): a network failure becomes the
// spec's connection text instead of the browser's own 'Failed to fetch'.
import { ConnectionError, isFetchRejection } from './errors.ts';

export async function connectedFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(input, init);
  } catch (error) {
    if (isFetchRejection(error)) throw new ConnectionError();
    throw error;
  }
}
