import { describe, expect, it } from 'vitest';
import {
  CHANNEL_NOT_ACCESSIBLE_TEXT,
  NO_TOKEN_TEXT,
  connectionToken,
  subscriptionToken,
  type RealtimeTokenSources,
} from './realtime.ts';
import { createHttpClient } from './http.ts';
import { createSession } from './session.ts';
import { memoryStorage } from '../lib/storage.ts';
import { fakeJwt, jsonResponse, scriptedFetch } from '../test/fakes.ts';

const accessToken = fakeJwt({ user_id: '7', exp: Math.floor(Date.now() / 1000) + 3600 });

/** The real REST client over a scripted fetch that answers the subscribe endpoint. */
function sourcesAnswering(status: number, body: unknown, signedIn = true) {
  const session = createSession({
    storage: memoryStorage(),
    refreshCall: async () => ({ ok: false, status: 401 }),
  });
  if (signedIn) session.save({ access: accessToken, refresh: 'r', expires_in: 3600 });
  const { fetch, calls } = scriptedFetch(() => jsonResponse(status, body));
  const http = createHttpClient({ session, fetch, csrfToken: () => null });
  const sources: RealtimeTokenSources = { http, getAccessToken: () => session.getAccessToken() };
  return { sources, calls };
}

describe('subscription token (spec §6, §8)', () => {
  it('asks with the user token and returns the channel token', async () => {
    const { sources, calls } = sourcesAnswering(200, { channels: [{ channel: 'devices:1', token: 'sub' }] });
    await expect(subscriptionToken('devices:1', undefined, sources)).resolves.toBe('sub');
    expect(calls[0]!.url).toBe(`/api/centrifuge/subscribe?token=${encodeURIComponent(accessToken)}`);
    expect(calls[0]!.body).toEqual({ channels: ['devices:1'] });
  });

  it('asks with the share token when there is one', async () => {
    const { sources, calls } = sourcesAnswering(
      200,
      { channels: [{ channel: 'samples:1', token: 'v' }] },
      false,
    );
    await expect(subscriptionToken('samples:1', 'share me', sources)).resolves.toBe('v');
    expect(calls[0]!.url).toBe('/api/centrifuge/subscribe?share_token=share%20me');
  });

  it("maps 403 to 'Channel is not accessible!'", async () => {
    const { sources } = sourcesAnswering(403, { code: 'channel_not_accessible', detail: 'x' });
    await expect(subscriptionToken('devices:99', undefined, sources)).rejects.toThrow(
      CHANNEL_NOT_ACCESSIBLE_TEXT,
    );
    expect(CHANNEL_NOT_ACCESSIBLE_TEXT).toBe('Channel is not accessible!');
  });

  it("maps other failures to 'Unexpected status code {status}'", async () => {
    for (const status of [400, 404, 500]) {
      const { sources } = sourcesAnswering(status, { detail: 'nope' });
      await expect(subscriptionToken('devices:1', undefined, sources)).rejects.toThrow(
        `Unexpected status code ${status}`,
      );
    }
  });
});

describe('connection token (spec §6)', () => {
  it("refuses to connect without a token: 'Authentication token was not found!'", async () => {
    const { sources } = sourcesAnswering(200, {}, false);
    await expect(connectionToken(sources)).rejects.toThrow('Authentication token was not found!');
    expect(NO_TOKEN_TEXT).toBe('Authentication token was not found!');
  });

  it('connects with the access token of the session', async () => {
    const { sources } = sourcesAnswering(200, {});
    await expect(connectionToken(sources)).resolves.toBe(accessToken);
  });
});
