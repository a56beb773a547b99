import { describe, expect, it } from 'vitest';
import type { Broker } from './broker.ts';
import { ChannelHub, type HubOptions, type Subscription } from './channel-hub.ts';
import type { ClientTransport } from './client.ts';
import { createChannelPolicy } from './policy.ts';
import type { RealtimeTokens } from './tokens.ts';

const options: HubOptions = {
  version: 'test',
  pingIntervalSec: 25,
  pongTimeoutSec: 10,
  staleCloseSec: 10,
  expiryGraceSec: 25,
  clientQueueMaxBytes: 1 << 20,
  presenceTtlSec: 60,
  maxChannelsPerClient: 512,
};

/** A broker that records presence additions; only what the sweep touches is real. */
function recordingBroker(presenceExpires: boolean) {
  const added: string[] = [];
  const broker = {
    presenceExpires,
    onEvent: () => undefined,
    addPresence: async (channel: string, clientId: string) => void added.push(`${clientId} ${channel}`),
  } as unknown as Broker;
  return { broker, added };
}

const transport: ClientTransport = { send: () => undefined, bufferedBytes: () => 0, close: () => undefined };

/** A hub with connected clients, each subscribed to `channels`, their presence next due at `dueAtMs`. */
function hubWith(broker: Broker, dueAtMs: number[], channels: string[]) {
  const logger = { warn: () => undefined, error: () => undefined } as never;
  const hub = new ChannelHub(options, broker, createChannelPolicy(), {} as RealtimeTokens, logger);
  const clients = dueAtMs.map((due) => {
    const client = hub.open(transport);
    client.state = 'connected';
    client.nextPingAtMs = Number.POSITIVE_INFINITY;
    client.nextPresenceAtMs = due;
    for (const channel of channels) {
      const subscription: Subscription = {
        client,
        channel,
        expiresAtMs: null,
        chanInfo: undefined,
        joinLeave: false,
        pending: null,
      };
      client.subscriptions.set(channel, subscription);
    }
    return client;
  });
  return { hub, clients };
}

describe('presence upkeep in the sweep', () => {
  it('refreshes each connection when its own time comes, then a third of the lifetime later', () => {
    const { broker, added } = recordingBroker(true);
    const { hub, clients } = hubWith(broker, [0, 5_000, 15_000], ['a:1', 'a:2']);
    const [first, second, third] = clients.map((client) => client.id);
    hub.sweep(1_000);
    expect(added).toEqual([`${first} a:1`, `${first} a:2`]);
    hub.sweep(6_000);
    expect(added.slice(2)).toEqual([`${second} a:1`, `${second} a:2`]);
    hub.sweep(20_000);
    expect(added.slice(4)).toEqual([`${third} a:1`, `${third} a:2`]);
    hub.sweep(21_000);
    expect(added.slice(6)).toEqual([`${first} a:1`, `${first} a:2`]);
  });

  it('refreshes nothing where presence does not lapse (in memory)', () => {
    const { broker, added } = recordingBroker(false);
    const { hub } = hubWith(broker, [0, 0], ['a:1']);
    hub.sweep(1_000);
    hub.sweep(100_000);
    expect(added).toEqual([]);
  });
});
