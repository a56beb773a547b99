// Realtime of spec §6–§9 with the official centrifuge client: /realtime/ws, tokens from the session.
import { Centrifuge, type Subscription } from 'centrifuge';
import { http, session } from './client.ts';

export const NO_TOKEN_TEXT = 'Authentication token was not found!';
export const CHANNEL_NOT_ACCESSIBLE_TEXT = 'Channel is not accessible!';
export const REALTIME = {
  connectTimeoutMs: 15_000,
  minReconnectDelayMs: 1_000,
  maxReconnectDelayMs: 20_000,
  minResubscribeDelayMs: 3_000,
} as const;

export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/realtime/ws`;
}

/** The subscription token of one channel; the spec's texts for the two failure kinds. */
export async function subscriptionToken(channel: string, shareToken?: string): Promise<string> {
  const query = shareToken
    ? `share_token=${encodeURIComponent(shareToken)}`
    : `token=${encodeURIComponent((await session.getAccessToken()) ?? '')}`;
  const result = await http.post<{ channels: { token: string }[] }>(
    `/api/centrifuge/subscribe?${query}`,
    { channels: [channel] },
    { auth: !shareToken },
  );
  if (result.ok) {
    const token = result.data.channels[0]?.token;
    if (token) return token;
  } else if (result.status === 403 && result.data.code === 'channel_not_accessible') {
    throw new Error(CHANNEL_NOT_ACCESSIBLE_TEXT);
  }
  throw new Error(`Unexpected status code ${result.status}`);
}

let client: Centrifuge | null = null;
const listenerCounts = new Map<string, number>();

/** The user's connection, opened on first use with the (refreshed) access token. */
export function userRealtime(): Centrifuge {
  if (client) return client;
  client = new Centrifuge(realtimeUrl(), {
    timeout: REALTIME.connectTimeoutMs,
    minReconnectDelay: REALTIME.minReconnectDelayMs,
    maxReconnectDelay: REALTIME.maxReconnectDelayMs,
    getToken: async () => {
      const token = await session.getAccessToken();
      if (!token) throw new Error(NO_TOKEN_TEXT);
      return token;
    },
  });
  client.connect();
  session.subscribe((token) => {
    if (!token && client) {
      client.disconnect();
      client = null;
    }
  });
  return client;
}

/** Subscribes to one channel; returns the function that unsubscribes. */
export function subscribeChannel(channel: string, onData: (data: unknown) => void): () => void {
  const connection = userRealtime();
  const existing = connection.getSubscription(channel);
  const subscription: Subscription =
    existing ??
    connection.newSubscription(channel, {
      minResubscribeDelay: REALTIME.minResubscribeDelayMs,
      getToken: () => subscriptionToken(channel),
    });
  const handler = (context: { data: unknown }) => onData(context.data);
  subscription.on('publication', handler);
  subscription.subscribe();
  listenerCounts.set(channel, (listenerCounts.get(channel) ?? 0) + 1);
  return () => {
    subscription.removeListener('publication', handler);
    const remaining = (listenerCounts.get(channel) ?? 1) - 1;
    listenerCounts.set(channel, remaining);
    if (remaining === 0) {
      listenerCounts.delete(channel);
      subscription.unsubscribe();
      connection.removeSubscription(subscription);
    }
  };
}
