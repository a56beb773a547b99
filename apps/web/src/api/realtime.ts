// Realtime of spec §6–§9 with the official centrifuge client: /realtime/ws, tokens from the session.
import { Centrifuge, SubscriptionState, type Subscription } from 'centrifuge';
import {
  channelPayloadSchemas,
  type ChannelName,
  type ChannelNamespace,
  type PayloadOf,
} from '@eluent/contracts';
import { notifyError } from '../lib/toast.ts';
import { http, session } from './client.ts';
import { InvalidAnswerError, parseAnswer, type AnswerSchema } from './parse.ts';
import type { HttpClient } from './http.ts';
import { FORBIDDEN_STATUS } from './errors.ts';

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

/** What the token calls need: the REST client and the session's access token; tests pass fakes. */
export interface RealtimeTokenSources {
  http: Pick<HttpClient, 'post'>;
  getAccessToken: () => Promise<string | null>;
}

const appTokenSources: RealtimeTokenSources = { http, getAccessToken: () => session.getAccessToken() };

/** The connection token of a signed-in user (refreshed first); spec §6's error when there is none. */
export async function connectionToken(sources: RealtimeTokenSources = appTokenSources): Promise<string> {
  const token = await sources.getAccessToken();
  if (!token) throw new Error(NO_TOKEN_TEXT);
  return token;
}

/** The subscription token of one channel; the spec's texts for the two failure kinds. */
export async function subscriptionToken(
  channel: string,
  shareToken?: string,
  sources: RealtimeTokenSources = appTokenSources,
): Promise<string> {
  const query = shareToken
    ? `share_token=${encodeURIComponent(shareToken)}`
    : `token=${encodeURIComponent((await sources.getAccessToken()) ?? '')}`;
  const result = await sources.http.post<{ channels: { token: string }[] }>(
    `/api/centrifuge/subscribe?${query}`,
    { channels: [channel] },
    { auth: !shareToken },
  );
  if (result.ok) {
    const token = result.data.channels[0]?.token;
    if (token) return token;
  } else if (result.status === FORBIDDEN_STATUS) {
    // The endpoint's "channel not accessible" status (spec §8).
    throw new Error(CHANNEL_NOT_ACCESSIBLE_TEXT);
  }
  throw new Error(`Unexpected status code ${result.status}`);
}

/** What the app's realtime client is made with; tests give the address and a WebSocket class of their own. */
export interface RealtimeClientOptions {
  url?: string;
  /** The user's connection token; the shared view connects without one. */
  getToken?: () => Promise<string>;
  websocket?: unknown;
}

/**
 * The app's realtime client, not yet connected (spec §9): 15 s to connect, 1 s to 20 s between reconnect
 * attempts; the library's own 10 s wait beyond the server's ping interval. The user's and the shared view's.
 */
export function createRealtimeClient({
  url = realtimeUrl(),
  getToken,
  websocket,
}: RealtimeClientOptions = {}): Centrifuge {
  return new Centrifuge(url, {
    timeout: REALTIME.connectTimeoutMs,
    minReconnectDelay: REALTIME.minReconnectDelayMs,
    maxReconnectDelay: REALTIME.maxReconnectDelayMs,
    ...(getToken ? { getToken } : {}),
    ...(websocket === undefined ? {} : { websocket }),
  });
}

/** A channel's subscription on the app's client: at least 3 s before it subscribes again (spec §9). */
export function newChannelSubscription(
  connection: Centrifuge,
  channel: string,
  getToken: () => Promise<string>,
): Subscription {
  return connection.newSubscription(channel, {
    minResubscribeDelay: REALTIME.minResubscribeDelayMs,
    getToken,
  });
}

let client: Centrifuge | null = null;
const listenerCounts = new Map<string, number>();

/** The user's connection, opened on first use with the (refreshed) access token. */
export function userRealtime(): Centrifuge {
  if (client) return client;
  client = createRealtimeClient({ getToken: () => connectionToken() });
  client.connect();
  session.subscribe((token) => {
    if (!token && client) {
      client.disconnect();
      client = null;
    }
  });
  return client;
}

/**
 * A publication read with its channel's payload schema (`channelPayloadSchemas` of @eluent/contracts); one
 * that does not match is an `InvalidAnswerError` naming the channel and the field.
 */
export function readPublication<C extends ChannelName>(channel: C, data: unknown): PayloadOf<C> {
  const namespace = channel.slice(0, channel.indexOf(':')) as ChannelNamespace;
  // The schema of the channel's namespace describes exactly PayloadOf<C>; TypeScript cannot follow the index.
  const schema = channelPayloadSchemas[namespace] as unknown as AnswerSchema<PayloadOf<C>>;
  return parseAnswer(schema, data, `${channel} message`);
}

/** An unreadable publication is said once per channel in a toast and left out; the view keeps its state. */
function reportInvalid(channel: string, error: InvalidAnswerError): void {
  notifyError(error.message, { toastId: `invalid-publication:${channel}` });
}

/**
 * Subscribes to one channel; returns the function that unsubscribes. Each publication is read with the
 * channel's payload schema before `onData` sees it. With `replayLast`, the newest
 * publications kept in the channel's history are delivered first (oldest first), so a view shows the last
 * known state at once instead of waiting for the next publication; nothing is delivered twice or out of order.
 * `onSubscribed` is called each time the subscription comes up (the first time and after every reconnect):
 * a view whose state was read before then reads it again there, since what was published before the
 * subscription stood (a run that ended, its first result) never reaches it as a publication.
 */
export function subscribeChannel<C extends ChannelName>(
  channel: C,
  onData: (data: PayloadOf<C>) => void,
  options: { replayLast?: number; onSubscribed?: () => void } = {},
): () => void {
  const connection = userRealtime();
  const existing = connection.getSubscription(channel);
  const subscription: Subscription =
    existing ?? newChannelSubscription(connection, channel, () => subscriptionToken(channel));
  let newestOffset = -1;
  const deliver = (data: unknown, offset: number | undefined) => {
    if (offset !== undefined) {
      if (offset <= newestOffset) return;
      newestOffset = offset;
    }
    let payload: PayloadOf<C>;
    try {
      payload = readPublication(channel, data);
    } catch (error) {
      if (error instanceof InvalidAnswerError) return reportInvalid(channel, error);
      throw error;
    }
    onData(payload);
  };
  const handler = (context: { data: unknown; offset?: number }) => deliver(context.data, context.offset);
  subscription.on('publication', handler);
  const replay = () => {
    options.onSubscribed?.();
    if (!options.replayLast) return;
    subscription.history({ limit: options.replayLast, reverse: true }).then(
      (result) => {
        for (const publication of [...result.publications].reverse())
          deliver(publication.data, publication.offset);
      },
      () => undefined, // A channel without history simply starts with the next publication.
    );
  };
  subscription.on('subscribed', replay);
  if (subscription.state === SubscriptionState.Subscribed) replay();
  subscription.subscribe();
  listenerCounts.set(channel, (listenerCounts.get(channel) ?? 0) + 1);
  return () => {
    subscription.removeListener('publication', handler);
    subscription.removeListener('subscribed', replay);
    const remaining = (listenerCounts.get(channel) ?? 1) - 1;
    listenerCounts.set(channel, remaining);
    if (remaining === 0) {
      listenerCounts.delete(channel);
      subscription.unsubscribe();
      connection.removeSubscription(subscription);
    }
  };
}
