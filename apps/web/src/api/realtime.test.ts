import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Centrifuge, Options, Subscription } from 'centrifuge';
import {
  CHANNEL_NOT_ACCESSIBLE_TEXT,
  NO_TOKEN_TEXT,
  connectionToken,
  createRealtimeClient,
  newChannelSubscription,
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

/** A WebSocket class whose sockets open only when the test calls `onopen`; it keeps every socket made. */
function fakeSockets() {
  const sockets: { url: string; onopen: (() => void) | null; sent: string[] }[] = [];
  class FakeSocket {
    onopen: (() => void) | null = null;
    onclose: ((event: { code: number; reason: string }) => void) | null = null;
    onerror: ((event: unknown) => void) | null = null;
    onmessage: ((event: { data: string }) => void) | null = null;
    binaryType = 'blob';
    sent: string[] = [];
    constructor(readonly url: string) {
      sockets.push(this);
    }
    send(data: string) {
      this.sent.push(data);
    }
    close() {}
  }
  return { websocket: FakeSocket, sockets };
}

/** The options the library's client runs with: what the app passed over the library's defaults. */
const optionsOf = (client: Centrifuge) => (client as unknown as { _config: Options })._config;
const resubscribeDelayOf = (subscription: Subscription) =>
  (subscription as unknown as { _minResubscribeDelay: number })._minResubscribeDelay;

const url = 'ws://eluent.test/realtime/ws';

describe('realtime timeouts and reconnect delays (spec §8, §9)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('runs the client with 15 s to connect, 1 s to 20 s between attempts and a 10 s ping wait; channels with 3 s before resubscribing', () => {
    for (const client of [
      createRealtimeClient({ url, getToken: async () => 'token' }),
      createRealtimeClient({ url }),
    ]) {
      const { timeout, minReconnectDelay, maxReconnectDelay, maxServerPingDelay } = optionsOf(client);
      expect({ timeout, minReconnectDelay, maxReconnectDelay, maxServerPingDelay }).toEqual({
        timeout: 15_000,
        minReconnectDelay: 1_000,
        maxReconnectDelay: 20_000,
        maxServerPingDelay: 10_000,
      });
    }
    const subscription = newChannelSubscription(createRealtimeClient({ url }), 'devices:1', async () => 's');
    expect(resubscribeDelayOf(subscription)).toBe(3_000);
  });

  it('gives up a socket that has not opened after 15 s (code 2) and tries again 1 s later', async () => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0); // the shortest of the library's jittered delays
    const { websocket, sockets } = fakeSockets();
    const client = createRealtimeClient({ url, getToken: async () => 'token', websocket });
    const codes: number[] = [];
    client.on('error', (context) => codes.push(context.error.code));
    client.connect();
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets.map((socket) => socket.url)).toEqual([url]);

    await vi.advanceTimersByTimeAsync(14_999);
    expect(codes).toEqual([]);
    // The library reports on the timer turn after its 15 s one (1 ms on the fake clock).
    await vi.advanceTimersByTimeAsync(2);
    expect(codes).toEqual([2]);

    await vi.advanceTimersByTimeAsync(999);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);
    client.disconnect();
  });

  it('fails a connect the server has not answered in 15 s with the timeout code 1', async () => {
    vi.useFakeTimers();
    const { websocket, sockets } = fakeSockets();
    const client = createRealtimeClient({ url, websocket });
    const codes: number[] = [];
    client.on('error', (context) => codes.push(context.error.code));
    client.connect();
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]!.onopen!();
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets[0]!.sent.join('')).toContain('"connect"');

    await vi.advanceTimersByTimeAsync(14_998);
    expect(codes).toEqual([]);
    await vi.advanceTimersByTimeAsync(2);
    expect(codes).toEqual([1]);
    client.disconnect();
  });
});
