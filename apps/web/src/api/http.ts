// REST client of spec §7–§8: JSON, CSRF header, bearer, 20 s time-out, one retry after a token refresh.
import { REQUEST_TIMEOUT_MS, AUTH_RETRIES } from '../lib/constants.ts';
import {
  CONNECTION_TEXT,
  INVALID_DATA_TEXT,
  NETWORK_FAILURE_STATUS,
  NOT_PROVIDED_TEXT,
  TIMEOUT_STATUS,
  TIMEOUT_TEXT,
  type ErrorData,
} from './errors.ts';
import type { Session } from './session.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type HttpResult<T> =
  { ok: true; status: number; data: T } | { ok: false; status: number; data: ErrorData };

export interface RequestOptions {
  body?: unknown;
  /** Send the bearer token (refreshed first when old). Default true. */
  auth?: boolean;
  timeoutMs?: number;
}

export interface HttpClientOptions {
  session: Session;
  fetch?: typeof fetch;
  /** Reads the csrftoken cookie; tests pass a fixed value. */
  csrfToken?: () => string | null;
  onVersion?: (version: string) => void;
  /** Runs when a 401 cannot be cured by a refresh: the session has ended. */
  onSessionEnded?: () => void;
  reportError?: (error: Error, context: Record<string, unknown>) => void;
}

export interface HttpClient {
  request<T>(method: HttpMethod, url: string, options?: RequestOptions): Promise<HttpResult<T>>;
  get<T>(url: string, options?: RequestOptions): Promise<HttpResult<T>>;
  post<T>(url: string, body?: unknown, options?: RequestOptions): Promise<HttpResult<T>>;
  put<T>(url: string, body?: unknown, options?: RequestOptions): Promise<HttpResult<T>>;
  patch<T>(url: string, body?: unknown, options?: RequestOptions): Promise<HttpResult<T>>;
  delete<T>(url: string, options?: RequestOptions): Promise<HttpResult<T>>;
}

export function readCookie(name: string, cookie: string): string | null {
  for (const part of cookie.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return null;
}

/** True for the two 401 answers that a fresh access token can cure (spec §8). */
export function isCurableUnauthorized(status: number, data: unknown): boolean {
  if (status !== 401 || typeof data !== 'object' || data === null) return false;
  const body = data as ErrorData;
  return body.code === 'token_not_valid' || body.detail === NOT_PROVIDED_TEXT;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json') && text !== '') {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      // falls through to the non-JSON rules
    }
  }
  if (response.ok) return text === '' ? null : text;
  if (response.status >= 500) return { detail: response.statusText || undefined };
  return { detail: text.trim() !== '' ? text : INVALID_DATA_TEXT };
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const csrfToken =
    options.csrfToken ??
    (() => (typeof document === 'undefined' ? null : readCookie('csrftoken', document.cookie)));

  async function once<T>(
    method: HttpMethod,
    url: string,
    requestOptions: RequestOptions,
    forcedToken?: string | null,
  ): Promise<HttpResult<T>> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (requestOptions.body !== undefined) headers['Content-Type'] = 'application/json';
    const csrf = csrfToken();
    if (csrf) headers['X-CSRFToken'] = csrf;
    if (requestOptions.auth !== false) {
      const token = forcedToken !== undefined ? forcedToken : await options.session.getAccessToken();
      if (token) headers.Authorization = `Bearer ${token}`;
    }
    const controller = new AbortController();
    const timeoutMs = requestOptions.timeoutMs ?? REQUEST_TIMEOUT_MS;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    try {
      const response = await doFetch(url, {
        method,
        headers,
        body: requestOptions.body === undefined ? undefined : JSON.stringify(requestOptions.body),
        credentials: 'same-origin',
        redirect: 'follow',
        signal: controller.signal,
      });
      const version = response.headers.get('version');
      if (version) options.onVersion?.(version);
      const data = await readBody(response);
      if (response.status >= 200 && response.status <= 299) {
        return { ok: true, status: response.status, data: data as T };
      }
      return { ok: false, status: response.status, data: (data ?? {}) as ErrorData };
    } catch (error) {
      if (timedOut) {
        options.reportError?.(new Error(TIMEOUT_TEXT), { method, url, timeoutMs });
        return { ok: false, status: TIMEOUT_STATUS, data: { detail: TIMEOUT_TEXT } };
      }
      return {
        ok: false,
        status: NETWORK_FAILURE_STATUS,
        data: { detail: CONNECTION_TEXT, error: String(error) },
      };
    } finally {
      clearTimeout(timer);
    }
  }

  async function request<T>(
    method: HttpMethod,
    url: string,
    requestOptions: RequestOptions = {},
  ): Promise<HttpResult<T>> {
    let result = await once<T>(method, url, requestOptions);
    for (let attempt = 0; attempt < AUTH_RETRIES; attempt += 1) {
      if (requestOptions.auth === false || !isCurableUnauthorized(result.status, result.data)) break;
      const token = await options.session.refresh();
      if (!token) {
        options.onSessionEnded?.();
        break;
      }
      result = await once<T>(method, url, requestOptions, token);
    }
    return result;
  }

  return {
    request,
    get: (url, requestOptions) => request('GET', url, requestOptions),
    post: (url, body, requestOptions) => request('POST', url, { ...requestOptions, body }),
    put: (url, body, requestOptions) => request('PUT', url, { ...requestOptions, body }),
    patch: (url, body, requestOptions) => request('PATCH', url, { ...requestOptions, body }),
    delete: (url, requestOptions) => request('DELETE', url, requestOptions),
  };
}
