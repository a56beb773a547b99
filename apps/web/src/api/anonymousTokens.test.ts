import { describe, expect, it, vi } from 'vitest';
import {
  createAnonymousTokens,
  SHARE_TOKEN_EXCHANGE_TEXT,
  type ShareTokenExchange,
} from './anonymousTokens.ts';
import { memoryStorage } from '../lib/storage.ts';
import { fakeJwt } from '../test/fakes.ts';

describe('anonymous share tokens', () => {
  it('caches per share token and reuses until 5 s before expiry', async () => {
    let now = 1_000_000;
    const visitor = (n: number) => fakeJwt({ user_id: 'visitor', exp: now / 1000 + 60, n });
    let exchanges = 0;
    const exchange = vi.fn<ShareTokenExchange>(async () => ({ token: visitor((exchanges += 1)) }));
    const storage = memoryStorage();
    const tokens = createAnonymousTokens({ storage, exchange, now: () => now });

    const first = await tokens.get('share-a', 12);
    expect(await tokens.get('share-a', 12)).toBe(first);
    expect(exchange).toHaveBeenCalledTimes(1);
    expect(Object.keys(storage.dump())).toEqual(['eluent:anonymousTokens:guest']);

    await tokens.get('share-b', 12);
    expect(exchange).toHaveBeenCalledTimes(2);

    now += 54_000;
    expect(await tokens.get('share-a', 12)).toBe(first);
    now += 1_500;
    expect(await tokens.get('share-a', 12)).not.toBe(first);
    expect(exchange).toHaveBeenCalledTimes(3);
  });

  it('shares one exchange among concurrent callers and reports a failed exchange', async () => {
    const exchange = vi.fn<ShareTokenExchange>(async () => null);
    const tokens = createAnonymousTokens({ storage: memoryStorage(), exchange });
    const calls = [tokens.get('s', 1), tokens.get('s', 1)];
    await expect(calls[0]).rejects.toThrow(SHARE_TOKEN_EXCHANGE_TEXT);
    await expect(calls[1]).rejects.toThrow(SHARE_TOKEN_EXCHANGE_TEXT);
    expect(exchange).toHaveBeenCalledTimes(1);
  });
});
