// The shared view's realtime connection (spec §4, §6): anonymous, channels opened with subscription tokens
// obtained with the visitor token of the link.
import type { Centrifuge } from 'centrifuge';
import type { ChannelName, PayloadOf } from '@eluent/contracts';
import { InvalidAnswerError } from '../api/parse.ts';
import {
  createRealtimeClient,
  newChannelSubscription,
  readPublication,
  subscriptionToken,
} from '../api/realtime.ts';

let client: Centrifuge | null = null;
let started: Promise<boolean> | null = null;

/** True when the app should open the connection at start: every route but the printable reports. */
export const needsRealtime = (hash: string) => !hash.startsWith('#/reports/');

/** Opens the connection; resolves true once connected, false on the first failure. */
export function connectShareRealtime(): Promise<boolean> {
  started ??= openConnection();
  return started;
}

function openConnection(): Promise<boolean> {
  const connection = createRealtimeClient();
  client = connection;
  return new Promise((resolve) => {
    const settle = (connected: boolean) => {
      connection.removeAllListeners('connected');
      connection.removeAllListeners('error');
      resolve(connected);
    };
    connection.on('connected', () => settle(true));
    connection.on('error', () => settle(false));
    connection.connect();
  });
}

/**
 * Live publications of one channel for a visitor, each read with the channel's payload schema (one that does
 * not match is logged and left out); returns the function that stops them.
 */
export function subscribeShared<C extends ChannelName>(
  channel: C,
  visitorToken: string,
  onData: (data: PayloadOf<C>) => void,
  /** Called each time the subscription is in place (first subscribe and every resubscribe). */
  onSubscribed?: () => void,
): () => void {
  if (!client) return () => undefined;
  const connection = client;
  const subscription =
    connection.getSubscription(channel) ??
    newChannelSubscription(connection, channel, () => subscriptionToken(channel, visitorToken));
  const handler = (context: { data: unknown }) => {
    try {
      onData(readPublication(channel, context.data));
    } catch (error) {
      if (!(error instanceof InvalidAnswerError)) throw error;
      console.error(error.message);
    }
  };
  const subscribed = () => onSubscribed?.();
  subscription.on('publication', handler);
  subscription.on('subscribed', subscribed);
  subscription.subscribe();
  return () => {
    subscription.removeListener('publication', handler);
    subscription.removeListener('subscribed', subscribed);
    subscription.unsubscribe();
    connection.removeSubscription(subscription);
  };
}
