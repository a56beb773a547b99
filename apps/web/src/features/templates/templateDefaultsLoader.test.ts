import { describe, expect, it } from 'vitest';
import { templateDefaults } from '@eluent/contracts';
import defaultsFile from '../../../public/postprocessing-template-defaults.json';
import { TEMPLATE_DEFAULTS_URL, fetchTemplateDefaults } from './templateDefaultsLoader.ts';
import { jsonResponse, scriptedFetch } from '../../test/fakes.ts';

describe('template defaults loader (spec §7)', () => {
  it('fetches the public file without credentials and returns its values', async () => {
    const { fetch, calls } = scriptedFetch(() =>
      jsonResponse(200, { ...defaultsFile, name: 'From file', x: 1 }),
    );
    const values = await fetchTemplateDefaults(fetch);
    expect(calls[0]!.url).toBe('/postprocessing-template-defaults.json');
    expect(TEMPLATE_DEFAULTS_URL).toBe(calls[0]!.url);
    expect(calls[0]!.init.credentials).toBe('omit');
    expect(calls[0]!.headers).toEqual({});
    expect(values).toEqual({ ...templateDefaults, name: 'From file' });
  });

  it('raises when the file answers an error status', async () => {
    const { fetch } = scriptedFetch(() => new Response('missing', { status: 404 }));
    await expect(fetchTemplateDefaults(fetch)).rejects.toThrow(
      'Request failed! Template defaults answered 404.',
    );
  });

  it('raises on a network failure and on a body that is not an object', async () => {
    const offline = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    await expect(fetchTemplateDefaults(offline)).rejects.toThrow('Request failed!');
    const { fetch } = scriptedFetch(() => new Response('<html>', { status: 200 }));
    await expect(fetchTemplateDefaults(fetch)).rejects.toThrow(
      'Request failed! Template defaults are not a JSON object.',
    );
  });
});
