import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDeduplicatedQuery, createGraphqlClient } from './graphql.ts';
import { createSession } from './session.ts';
import { CONNECTION_TEXT } from './errors.ts';
import { memoryStorage } from '../lib/storage.ts';
import { fakeJwt, jsonResponse, scriptedFetch } from '../test/fakes.ts';

const token = (n: number) => fakeJwt({ user_id: '1', n });

function session(refreshTo: string | null) {
  const value = createSession({
    storage: memoryStorage(),
    refreshCall: async () =>
      refreshTo ? { ok: true, data: { access: refreshTo, expires_in: 300 } } : { ok: false, status: 401 },
  });
  value.save({ access: token(1), refresh: 'r', expires_in: 300 });
  return value;
}

afterEach(() => vi.useRealTimers());

describe('graphql client', () => {
  it("turns the browser's 'Failed to fetch' into the connection text", async () => {
    const fetch = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof globalThis.fetch;
    const client = createGraphqlClient({ session: session(null), fetch });
    await expect(client.query('{ ok }')).rejects.toThrow(CONNECTION_TEXT);
  });

  it('posts the document and variables with the bearer and returns data', async () => {
    const { fetch, calls } = scriptedFetch(() => jsonResponse(200, { data: { methods: [] } }));
    const client = createGraphqlClient({ session: session(null), fetch });
    expect(await client.query('query { methods { id } }', { limit: 20 })).toEqual({ methods: [] });
    expect(calls[0]!.url).toBe('/hasura/v1/graphql');
    expect(calls[0]!.headers.Authorization).toBe(`Bearer ${token(1)}`);
    expect(calls[0]!.body).toEqual({ query: 'query { methods { id } }', variables: { limit: 20 } });
  });

  it('retries once with a refreshed token on invalid-jwt', async () => {
    const { fetch, calls } = scriptedFetch((_call, index) =>
      index === 0
        ? jsonResponse(200, {
            errors: [{ message: 'Could not verify JWT', extensions: { code: 'invalid-jwt' } }],
          })
        : jsonResponse(200, { data: { ok: true } }),
    );
    const client = createGraphqlClient({ session: session(token(2)), fetch });
    expect(await client.query('{ ok }')).toEqual({ ok: true });
    expect(calls[1]!.headers.Authorization).toBe(`Bearer ${token(2)}`);
  });

  it('raises the server message, parsed as an application error when it is JSON', async () => {
    const { fetch } = scriptedFetch(() =>
      jsonResponse(200, { errors: [{ message: JSON.stringify({ message: ['Only name is changeable.'] }) }] }),
    );
    const client = createGraphqlClient({ session: session(null), fetch });
    await expect(client.query('{ x }')).rejects.toThrow('Only name is changeable.');
  });

  it('aborts after 120 s with the spec text', async () => {
    vi.useFakeTimers();
    const fetch = ((_url: string, init: RequestInit) =>
      new Promise((_resolve, reject) => {
        init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      })) as unknown as typeof globalThis.fetch;
    const client = createGraphqlClient({ session: session(null), fetch });
    const pending = client.query('{ slow }');
    const assertion = expect(pending).rejects.toThrow('GraphQL request timed out after 120 seconds');
    await vi.advanceTimersByTimeAsync(120_000);
    await assertion;
  });
});

describe('createDeduplicatedQuery', () => {
  it('shares one pending result per parameters', async () => {
    const run = vi.fn(async (params: { offset: number }) => params.offset);
    const query = createDeduplicatedQuery(run);
    const results = await Promise.all([query({ offset: 0 }), query({ offset: 0 }), query({ offset: 20 })]);
    expect(results).toEqual([0, 0, 20]);
    expect(run).toHaveBeenCalledTimes(2);
    await query({ offset: 0 });
    expect(run).toHaveBeenCalledTimes(3);
  });
});
