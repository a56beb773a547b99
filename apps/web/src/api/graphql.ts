// GraphQL client of spec §7: POST /hasura/v1/graphql with the bearer, 120 s time-out, one retry on invalid-jwt.
import { AUTH_RETRIES, GRAPHQL_TIMEOUT_MS } from '../lib/constants.ts';
import {
  ConnectionError,
  GraphqlResponseError,
  GraphqlTimeoutError,
  RequestFailedError,
  isFetchRejection,
  parseServerErrorMessage,
} from './errors.ts';
import type { Session } from './session.ts';
import type { TypedDocument } from '@eluent/contracts';

export const GRAPHQL_PATH = '/hasura/v1/graphql';

interface GraphqlError {
  message: string;
  extensions?: { code?: string; [key: string]: unknown };
}

export interface GraphqlClient {
  /**
   * Sends a document of `@eluent/contracts`, whose result and variable types are generated from the server's
   * schema (`npm run codegen`): the answer is typed by the document sent.
   */
  query<Result, Variables>(
    document: TypedDocument<Result, Variables>,
    variables?: Variables,
  ): Promise<Result>;
}

export function createGraphqlClient(options: {
  session: Session;
  fetch?: typeof fetch;
  base?: string;
  onVersion?: (version: string) => void;
  timeoutMs?: number;
}): GraphqlClient {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const url = `${options.base ?? ''}${GRAPHQL_PATH}`;

  async function once(
    document: string,
    variables: unknown,
    token: string | null,
  ): Promise<{ data?: unknown; errors?: GraphqlError[] }> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, options.timeoutMs ?? GRAPHQL_TIMEOUT_MS);
    try {
      const response = await doFetch(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ query: document, variables: variables ?? {} }),
        credentials: 'same-origin',
        signal: controller.signal,
      });
      const version = response.headers.get('version');
      if (version) options.onVersion?.(version);
      const text = await response.text();
      try {
        return JSON.parse(text) as { data?: unknown; errors?: GraphqlError[] };
      } catch {
        throw new RequestFailedError(response.statusText || `status ${response.status}`);
      }
    } catch (error) {
      if (timedOut) throw new GraphqlTimeoutError();
      if (isFetchRejection(error)) throw new ConnectionError();
      if (error instanceof Error && error.name !== 'AbortError') throw error;
      throw new RequestFailedError(String(error));
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    async query<Result, Variables>(
      document: TypedDocument<Result, Variables>,
      variables?: Variables,
    ): Promise<Result> {
      let token = await options.session.getAccessToken();
      let body = await once(document, variables, token);
      for (let attempt = 0; attempt < AUTH_RETRIES; attempt += 1) {
        if (!body.errors?.some((error) => error.extensions?.code === 'invalid-jwt')) break;
        token = await options.session.refresh();
        if (!token) break;
        body = await once(document, variables, token);
      }
      const first = body.errors?.[0];
      if (first) {
        const code = first.extensions?.code;
        if (code === 'invalid-jwt') throw new GraphqlResponseError(first.message || undefined, code);
        const parsed = parseServerErrorMessage(first.message);
        throw new GraphqlResponseError(parsed.message || undefined, code, parsed.details ?? first.extensions);
      }
      if (body.data === undefined || body.data === null) throw new GraphqlResponseError();
      // The server answers the document it validated against the schema the types were generated from.
      return body.data as Result;
    },
  };
}

/** The count of a list's `_aggregate` (the schema lets it be null; this server always answers it). */
export function aggregateCount(aggregate: { count: number } | null): number {
  if (aggregate === null) throw new GraphqlResponseError('The server answered the list without its count.');
  return aggregate.count;
}

/** Shares one pending result among identical requests (spec §3: keyed by the request parameters). */
export function createDeduplicatedQuery<P, T>(run: (params: P) => Promise<T>): (params: P) => Promise<T> {
  const pending = new Map<string, Promise<T>>();
  return (params) => {
    const key = JSON.stringify(params);
    const existing = pending.get(key);
    if (existing) return existing;
    const promise = run(params).finally(() => pending.delete(key));
    pending.set(key, promise);
    return promise;
  };
}
