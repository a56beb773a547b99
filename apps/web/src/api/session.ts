// The signed-in session of spec §4: tokens in local storage, refresh near expiry with one shared request.
import type { TokenPair } from '@eluent/contracts';
import { decodeJwt, type AccessTokenPayload } from '../lib/jwt.ts';
import { globalStorageKey, type KeyValueStorage } from '../lib/storage.ts';
import { TOKEN_EXPIRY_MARGIN_MS } from '../lib/constants.ts';

/** What the session keeps of a token answer (contracts' `TokenPair`; a refresh token may be absent). */
export type TokenResponse = Omit<TokenPair, 'refresh'> & Partial<Pick<TokenPair, 'refresh'>>;

export type RefreshCall = (
  refreshToken: string,
) => Promise<{ ok: true; data: TokenResponse } | { ok: false; status: number }>;

export type TokenListener = (token: string | null, payload: AccessTokenPayload | null) => void;

export interface Session {
  /** Stores a token response; expiry = now + expires_in × 1000. Listeners are told. */
  save(tokens: TokenResponse): void;
  /** The access token, refreshed first when within 5 s of expiry; null when there is none. */
  getAccessToken(): Promise<string | null>;
  /** Refreshes now; concurrent callers share one request. Failure clears the access token. */
  refresh(): Promise<string | null>;
  logout(): void;
  /** The stored token and payload without refreshing (for rendering). */
  current(): { token: string; payload: AccessTokenPayload } | null;
  subscribe(listener: TokenListener): () => void;
}

export function createSession(options: {
  storage: KeyValueStorage;
  refreshCall: RefreshCall;
  /** Ends the session on the server (POST /api/token/logout/), so a copied refresh token dies with it. */
  logoutCall?: (refreshToken: string) => Promise<unknown>;
  now?: () => number;
}): Session {
  const { storage, refreshCall } = options;
  const now = options.now ?? Date.now;
  const keys = {
    access: globalStorageKey('accessToken'),
    refresh: globalStorageKey('refreshToken'),
    expiry: globalStorageKey('expiryTime'),
  };
  const listeners = new Set<TokenListener>();
  let pendingRefresh: Promise<string | null> | null = null;

  const notify = (token: string | null) => {
    const payload = token ? decodeJwt(token) : null;
    for (const listener of listeners) listener(token, payload);
  };

  const clearAccess = () => {
    storage.removeItem(keys.access);
    storage.removeItem(keys.expiry);
    notify(null);
  };

  const save = (tokens: TokenResponse) => {
    storage.setItem(keys.access, tokens.access);
    if (tokens.refresh) storage.setItem(keys.refresh, tokens.refresh);
    storage.setItem(keys.expiry, String(now() + tokens.expires_in * 1000));
    notify(tokens.access);
  };

  const runRefresh = async (): Promise<string | null> => {
    const refreshToken = storage.getItem(keys.refresh);
    if (!refreshToken) {
      if (storage.getItem(keys.access) !== null) clearAccess();
      return null;
    }
    try {
      const result = await refreshCall(refreshToken);
      if (result.ok) {
        save(result.data);
        return result.data.access;
      }
    } catch {
      // A failed refresh is silent: the token is cleared and nothing is returned.
    }
    clearAccess();
    return null;
  };

  const refresh = () => {
    pendingRefresh ??= runRefresh().finally(() => {
      pendingRefresh = null;
    });
    return pendingRefresh;
  };

  return {
    save,
    refresh,
    async getAccessToken() {
      const token = storage.getItem(keys.access);
      if (!token) return null;
      const expiry = Number(storage.getItem(keys.expiry));
      if (!Number.isFinite(expiry) || expiry - now() <= TOKEN_EXPIRY_MARGIN_MS) return refresh();
      return token;
    },
    logout() {
      const refreshToken = storage.getItem(keys.refresh);
      // The local sign-out never waits on the server; a failed call leaves the token to its expiry.
      if (refreshToken && options.logoutCall) options.logoutCall(refreshToken).catch(() => undefined);
      storage.removeItem(keys.access);
      storage.removeItem(keys.refresh);
      storage.removeItem(keys.expiry);
      notify(null);
    },
    current() {
      const token = storage.getItem(keys.access);
      const payload = token ? decodeJwt(token) : null;
      return token && payload ? { token, payload } : null;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
