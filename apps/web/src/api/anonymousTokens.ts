// Visitor tokens of spec §4/§6: a share token and an id are exchanged for a limited token, cached per
// share token in local storage and reused until 5 s before it expires.
import { TOKEN_EXPIRY_MARGIN_MS } from '../lib/constants.ts';
import { decodeJwt } from '../lib/jwt.ts';
import { readJson, userStorageKey, writeJson, type KeyValueStorage } from '../lib/storage.ts';

export const SHARE_TOKEN_PATH = '/api/hasura/auth/share-token';
export const SHARE_TOKEN_EXCHANGE_TEXT = 'The shared link is not valid or has expired.';

export class ShareTokenExchangeError extends Error {
  constructor(message = SHARE_TOKEN_EXCHANGE_TEXT) {
    super(message);
    this.name = 'ShareTokenExchangeError';
  }
}

interface CachedToken {
  token: string;
  expiresAtMs: number;
}

export type ShareTokenExchange = (shareToken: string, id: number) => Promise<{ token: string } | null>;

export function createAnonymousTokens(options: {
  storage: KeyValueStorage;
  exchange: ShareTokenExchange;
  userId?: string | null;
  now?: () => number;
}) {
  const now = options.now ?? Date.now;
  const key = userStorageKey('anonymousTokens', options.userId ?? null);
  const pending = new Map<string, Promise<string>>();

  return {
    /** A valid visitor token for the share token; exchanges only when none is cached or it is about to expire. */
    get(shareToken: string, id: number): Promise<string> {
      const cache = readJson<Record<string, CachedToken>>(options.storage, key, {});
      const cached = cache[shareToken];
      if (cached && cached.expiresAtMs - now() > TOKEN_EXPIRY_MARGIN_MS) return Promise.resolve(cached.token);
      const inFlight = pending.get(shareToken);
      if (inFlight) return inFlight;
      const request = options
        .exchange(shareToken, id)
        .then((answer) => {
          if (!answer?.token) throw new ShareTokenExchangeError();
          const exp = decodeJwt(answer.token)?.exp;
          const expiresAtMs = typeof exp === 'number' ? exp * 1000 : now();
          const next = readJson<Record<string, CachedToken>>(options.storage, key, {});
          next[shareToken] = { token: answer.token, expiresAtMs };
          writeJson(options.storage, key, next);
          return answer.token;
        })
        .finally(() => pending.delete(shareToken));
      pending.set(shareToken, request);
      return request;
    },
  };
}
