// The shared view's realtime connection (spec §4, §6): anonymous, channels opened with subscription tokens
// obtained with the visitor token of the link.
import { Centrifuge } from 'centrifuge';
import { REALTIME, realtimeUrl, subscriptionToken } from '../api/realtime.ts';

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
  const connection = new Centrifuge(realtimeUrl(), {
    timeout: REALTIME.connectTimeoutMs,
    minReconnectDelay: REALTIME.minReconnectDelayMs,
    maxReconnectDelay: REALTIME.maxReconnectDelayMs,
  });
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

/** Live publications of one channel for a visitor; returns the function that stops them. */
export function subscribeShared(
  channel: string,
  visitorToken: string,
  onData: (data: unknown) => void,
  /** Called each time the subscription is in place (first subscribe and every resubscribe). */
  onSubscribed?: () => void,
): () => void {
  if (!client) return () => undefined;
  const connection = client;
  const subscription =
    connection.getSubscription(channel) ??
    connection.newSubscription(channel, {
      minResubscribeDelay: REALTIME.minResubscribeDelayMs,
      getToken: () => subscriptionToken(channel, visitorToken),
    });
  const handler = (context: { data: unknown }) => onData(context.data);
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
