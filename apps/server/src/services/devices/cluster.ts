// Several server processes behind a load balancer: a device is connected to one of them. Through Redis each
// process learns which process holds which device (and its last status), relays commands to that process,
// and hears the runs that finished elsewhere.
import { randomUUID } from 'node:crypto';
import type { StatusMessage } from '@eluent/contracts';
import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

export interface RemoteCommandReply {
  ok: boolean;
  result?: unknown;
  /** A device refusal code, or the user-facing error body and status of a failure on the other process. */
  refusal?: number | string;
  error?: { statusCode: number; body: Record<string, unknown> };
}

type BroadcastMessage =
  | { kind: 'presence'; from: string; deviceId: number; online: boolean; status: StatusMessage | null }
  | { kind: 'event'; from: string; name: string; payload: unknown };

type NodeMessage =
  | {
      kind: 'command';
      from: string;
      requestId: string;
      deviceId: number;
      name: string;
      params: Record<string, unknown>;
    }
  | ({ kind: 'reply'; requestId: string } & RemoteCommandReply);

export interface ClusterHandlers {
  presence(processId: string, deviceId: number, online: boolean, status: StatusMessage | null): void;
  event(name: string, payload: unknown): void;
  command(deviceId: number, name: string, params: Record<string, unknown>): Promise<RemoteCommandReply>;
}

export interface DeviceCluster {
  readonly processId: string;
  announcePresence(deviceId: number, online: boolean, status: StatusMessage | null): void;
  announceEvent(name: string, payload: unknown): void;
  relayCommand(
    processId: string,
    deviceId: number,
    name: string,
    params: Record<string, unknown>,
  ): Promise<RemoteCommandReply>;
  close(): Promise<void>;
}

const RELAY_TIMEOUT_MS = 20_000;

/** Joins the other processes over the given clients (unconnected, from redis-clients.ts): connects them. */
export async function createRedisDeviceCluster(options: {
  publisher: Redis;
  subscriber: Redis;
  prefix: string;
  logger: FastifyBaseLogger;
  handlers: ClusterHandlers;
}): Promise<DeviceCluster> {
  const processId = randomUUID();
  const { publisher, subscriber } = options;
  const onError = (error: unknown) => options.logger.warn({ err: error }, 'device cluster redis');
  await Promise.all([publisher.connect(), subscriber.connect()]);
  const broadcastChannel = `${options.prefix}:devices:broadcast`;
  const nodeChannel = (id: string) => `${options.prefix}:devices:node:${id}`;
  const waiting = new Map<string, { resolve: (reply: RemoteCommandReply) => void; timer: NodeJS.Timeout }>();

  const publish = (channel: string, message: unknown) => {
    publisher.publish(channel, JSON.stringify(message)).catch(onError);
  };

  subscriber.on('message', (channel: string, text: string) => {
    let message: BroadcastMessage | NodeMessage;
    try {
      message = JSON.parse(text) as BroadcastMessage | NodeMessage;
    } catch {
      return;
    }
    if (channel === broadcastChannel) {
      const broadcast = message as BroadcastMessage;
      if (broadcast.from === processId) return;
      if (broadcast.kind === 'presence') {
        options.handlers.presence(broadcast.from, broadcast.deviceId, broadcast.online, broadcast.status);
      } else options.handlers.event(broadcast.name, broadcast.payload);
      return;
    }
    const direct = message as NodeMessage;
    if (direct.kind === 'reply') {
      const pending = waiting.get(direct.requestId);
      if (!pending) return;
      waiting.delete(direct.requestId);
      clearTimeout(pending.timer);
      pending.resolve(direct);
      return;
    }
    void options.handlers
      .command(direct.deviceId, direct.name, direct.params)
      .catch((): RemoteCommandReply => ({ ok: false, refusal: 999 }))
      .then((reply) =>
        publish(nodeChannel(direct.from), { kind: 'reply', requestId: direct.requestId, ...reply }),
      );
  });
  await subscriber.subscribe(broadcastChannel, nodeChannel(processId));

  return {
    processId,
    announcePresence(deviceId, online, status) {
      publish(broadcastChannel, { kind: 'presence', from: processId, deviceId, online, status });
    },
    announceEvent(name, payload) {
      publish(broadcastChannel, { kind: 'event', from: processId, name, payload });
    },
    relayCommand(target, deviceId, name, params) {
      const requestId = randomUUID();
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          waiting.delete(requestId);
          resolve({ ok: false, error: { statusCode: 504, body: { code: 'timeout', detail: 'Timeout' } } });
        }, RELAY_TIMEOUT_MS);
        waiting.set(requestId, { resolve, timer });
        publish(nodeChannel(target), { kind: 'command', from: processId, requestId, deviceId, name, params });
      });
    },
    async close() {
      for (const pending of waiting.values()) clearTimeout(pending.timer);
      waiting.clear();
      subscriber.disconnect();
      // While Redis is away a QUIT would wait in the offline queue through the reconnect attempts (20 s
      // measured), holding up the shutdown: the connection is simply dropped then.
      if (publisher.status === 'ready') await publisher.quit().catch(() => undefined);
      else publisher.disconnect();
    },
  };
}
