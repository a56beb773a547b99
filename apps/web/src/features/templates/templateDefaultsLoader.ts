// The public file of default template values (spec §7), fetched without auth when a new template starts.
import { templateDefaults, type FlatTemplate } from '@eluent/contracts';
import { RequestFailedError } from '../../api/errors.ts';

export const TEMPLATE_DEFAULTS_URL = '/postprocessing-template-defaults.json';

/** The default values of a new template; rejects when the file cannot be read, so the editor can say so. */
export async function fetchTemplateDefaults(fetchFn: typeof fetch = fetch): Promise<FlatTemplate> {
  let response: Response;
  try {
    response = await fetchFn(TEMPLATE_DEFAULTS_URL, { credentials: 'omit' });
  } catch {
    throw new RequestFailedError('Template defaults could not be loaded.');
  }
  if (!response.ok) throw new RequestFailedError(`Template defaults answered ${response.status}.`);
  const values: unknown = await response.json().catch(() => null);
  if (typeof values !== 'object' || values === null || Array.isArray(values)) {
    throw new RequestFailedError('Template defaults are not a JSON object.');
  }
  // Only the template's own fields are taken; anything else in the file is ignored.
  const known = Object.entries(values).filter(([key]) => Object.hasOwn(templateDefaults, key));
  return { ...templateDefaults, ...Object.fromEntries(known) };
}
