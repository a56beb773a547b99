import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHttpClient, isCurableUnauthorized, readCookie } from './http.ts';
import { createSession } from './session.ts';
import { memoryStorage } from '../lib/storage.ts';
import { fakeJwt, jsonResponse, scriptedFetch } from '../test/fakes.ts';

const token = (n: number) => fakeJwt({ user_id: '1', n });

function signedInSession(refreshTo: string | null) {
  const session = createSession({
    storage: memoryStorage(),
    refreshCall: async () =>
      refreshTo
        ? { ok: true, data: { access: refreshTo, refresh: 'r2', expires_in: 300 } }
        : { ok: false, status: 401 },
  });
  session.save({ access: token(1), refresh: 'r1', expires_in: 300 });
  return session;
}

afterEach(() => vi.useRealTimers());

describe('http client', () => {
  it('sends JSON with the CSRF header and the bearer, and reads the version header', async () => {
    const { fetch, calls } = scriptedFetch(() => jsonResponse(200, { ok: 1 }, { version: '1.22.0' }));
    const onVersion = vi.fn();
    const http = createHttpClient({
      session: signedInSession(null),
      fetch,
      csrfToken: () => 'c5rf',
      onVersion,
    });
    const result = await http.post('/api/things/', { a: 1 });
    expect(result).toEqual({ ok: true, status: 200, data: { ok: 1 } });
    expect(calls[0]!.headers['X-CSRFToken']).toBe('c5rf');
    expect(calls[0]!.headers.Authorization).toBe(`Bearer ${token(1)}`);
    expect(calls[0]!.init.credentials).toBe('same-origin');
    expect(calls[0]!.init.redirect).toBe('follow');
    expect(calls[0]!.body).toEqual({ a: 1 });
    expect(onVersion).toHaveBeenCalledWith('1.22.0');
  });

  it('sends no bearer when auth is off', async () => {
    const { fetch, calls } = scriptedFetch(() => jsonResponse(200, {}));
    const http = createHttpClient({ session: signedInSession(null), fetch, csrfToken: () => null });
    await http.post('/api/token/', {}, { auth: false });
    expect(calls[0]!.headers.Authorization).toBeUndefined();
    expect(calls[0]!.headers['X-CSRFToken']).toBeUndefined();
  });

  it('answers a synthetic 408 Timeout after 20 s and reports it', async () => {
    vi.useFakeTimers();
    const reportError = vi.fn();
    const fetch = ((_url: string, init: RequestInit) =>
      new Promise((_resolve, reject) => {
        init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      })) as unknown as typeof globalThis.fetch;
    const http = createHttpClient({
      session: signedInSession(null),
      fetch,
      csrfToken: () => null,
      reportError,
    });
    const pending = http.get('/api/slow/', { auth: false });
    await vi.advanceTimersByTimeAsync(19_999);
    let settled = false;
    void pending.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toEqual({ ok: false, status: 408, data: { detail: 'Timeout' } });
    expect(reportError).toHaveBeenCalledTimes(1);
  });

  it('answers status -1 on a network failure', async () => {
    const { fetch } = scriptedFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const http = createHttpClient({ session: signedInSession(null), fetch, csrfToken: () => null });
    const result = await http.get('/api/x/');
    expect(result.ok).toBe(false);
    expect(result.status).toBe(-1);
    expect(result.ok ? null : result.data.detail).toBe(
      "Can't connect to the server. Try to refresh the page",
    );
  });

  it('turns non-JSON bodies into details: status text for 5xx, raw text or Invalid data for 4xx', async () => {
    const answers = [
      new Response('<html>boom</html>', { status: 502, statusText: 'Bad Gateway' }),
      new Response('Not allowed here', { status: 405 }),
      new Response('', { status: 400 }),
    ];
    const { fetch } = scriptedFetch((_call, index) => answers[index]!);
    const http = createHttpClient({ session: signedInSession(null), fetch, csrfToken: () => null });
    expect((await http.get('/a')).data).toEqual({ detail: 'Bad Gateway' });
    expect((await http.get('/b')).data).toEqual({ detail: 'Not allowed here' });
    expect(await http.get('/c')).toEqual({ ok: false, status: 400, data: { detail: 'Invalid data' } });
  });

  it('uses Invalid data for an empty non-JSON 4xx text body', async () => {
    const { fetch } = scriptedFetch(
      () => new Response('   ', { status: 422, headers: { 'content-type': 'text/plain' } }),
    );
    const http = createHttpClient({ session: signedInSession(null), fetch, csrfToken: () => null });
    expect((await http.get('/a')).data).toEqual({ detail: 'Invalid data' });
  });

  it('refreshes and retries once on 401 token_not_valid', async () => {
    const { fetch, calls } = scriptedFetch((_call, index) =>
      index === 0
        ? jsonResponse(401, { code: 'token_not_valid', detail: 'Token is invalid' })
        : jsonResponse(200, { id: 3 }),
    );
    const http = createHttpClient({ session: signedInSession(token(2)), fetch, csrfToken: () => null });
    const result = await http.get('/api/me/');
    expect(result).toEqual({ ok: true, status: 200, data: { id: 3 } });
    expect(calls.map((call) => call.headers.Authorization)).toEqual([
      `Bearer ${token(1)}`,
      `Bearer ${token(2)}`,
    ]);
  });

  it('retries at most once, and ends the session when the refresh fails', async () => {
    const { fetch, calls } = scriptedFetch(() =>
      jsonResponse(401, { detail: 'Authentication credentials were not provided.' }),
    );
    const onSessionEnded = vi.fn();
    const http = createHttpClient({
      session: signedInSession(null),
      fetch,
      csrfToken: () => null,
      onSessionEnded,
    });
    const result = await http.get('/api/me/');
    expect(result.status).toBe(401);
    expect(calls).toHaveLength(1);
    expect(onSessionEnded).toHaveBeenCalledTimes(1);

    const again = scriptedFetch(() => jsonResponse(401, { code: 'token_not_valid' }));
    const retrying = createHttpClient({
      session: signedInSession(token(2)),
      fetch: again.fetch,
      csrfToken: () => null,
    });
    await retrying.get('/api/me/');
    expect(again.calls).toHaveLength(2);
  });

  it('recognises only the curable 401 answers', () => {
    expect(isCurableUnauthorized(401, { code: 'token_not_valid' })).toBe(true);
    expect(isCurableUnauthorized(401, { detail: 'Authentication credentials were not provided.' })).toBe(
      true,
    );
    expect(isCurableUnauthorized(401, { code: 'authentication_failed' })).toBe(false);
    expect(isCurableUnauthorized(403, { code: 'token_not_valid' })).toBe(false);
  });

  it('reads the csrftoken cookie', () => {
    expect(readCookie('csrftoken', 'a=1; csrftoken=abc%3D; b=2')).toBe('abc=');
    expect(readCookie('csrftoken', 'a=1')).toBeNull();
  });
});
