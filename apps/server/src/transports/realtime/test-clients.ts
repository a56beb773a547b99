// Helpers for realtime tests and benchmarks: the real `centrifuge` client in Node, and raw sockets.
import { Centrifuge, type Options, type SubscriptionOptions } from 'centrifuge';
import WebSocket from 'ws';
import type { UserNotification } from '@eluent/contracts';

/** A user notification numbered `index` (id `n1`, "message 1"), to publish and to compare with what arrives. */
export function notification(index: number): UserNotification {
  return {
    type: 'notification',
    id: `n${index}`,
    level: 'info',
    kind: 'test',
    message: `message ${index}`,
    link: null,
    at: new Date(0).toISOString(),
  };
}

export function realtimeUrl(baseUrl: string): string {
  return `${baseUrl.replace(/^http/, 'ws')}/realtime/ws`;
}

/** Asks the subscription-token endpoint for one channel's token, as the web app does. */
export async function fetchSubscriptionToken(
  baseUrl: string,
  channel: string,
  credentials: { token?: string; shareToken?: string },
): Promise<{ status: number; token: string | undefined; body: unknown }> {
  const query = credentials.shareToken
    ? `share_token=${encodeURIComponent(credentials.shareToken)}`
    : `token=${encodeURIComponent(credentials.token ?? '')}`;
  const response = await fetch(`${baseUrl}/api/centrifuge/subscribe?${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ channels: [channel] }),
  });
  const body = (await response.json()) as { channels?: Array<{ token: string }> };
  return { status: response.status, token: body.channels?.[0]?.token, body };
}

export function newClient(baseUrl: string, options: Partial<Options>): Centrifuge {
  return new Centrifuge(realtimeUrl(baseUrl), {
    websocket: WebSocket,
    minReconnectDelay: 100,
    maxReconnectDelay: 500,
    timeout: 10_000,
    ...options,
  });
}

/** A websocket class for `newClient` that counts the server's pings (empty frames) the client receives. */
export function pingCountingWebSocket(): {
  websocket: new (...args: ConstructorParameters<typeof WebSocket>) => WebSocket;
  pings: () => number;
} {
  let pings = 0;
  class PingCountingWebSocket extends WebSocket {
    constructor(...args: ConstructorParameters<typeof WebSocket>) {
      super(...args);
      this.on('message', (data) => {
        if ((data as Buffer).toString('utf8').split('\n').includes('{}')) pings += 1;
      });
    }
  }
  return { websocket: PingCountingWebSocket, pings: () => pings };
}

/**
 * A subscription whose tokens come from the endpoint with the given access token, on a client of either build
 * of the official client (JSON or protobuf).
 */
export function subscribeWithEndpoint<S>(
  client: { newSubscription(channel: string, options?: Partial<SubscriptionOptions>): S },
  baseUrl: string,
  channel: string,
  accessToken: () => string,
  options: { recoverable?: boolean; joinLeave?: boolean; onToken?: () => void } = {},
): S {
  return client.newSubscription(channel, {
    minResubscribeDelay: 100,
    maxResubscribeDelay: 500,
    recoverable: options.recoverable ?? false,
    joinLeave: options.joinLeave ?? false,
    getToken: async () => {
      options.onToken?.();
      const answer = await fetchSubscriptionToken(baseUrl, channel, { token: accessToken() });
      if (!answer.token) throw new Error(`token endpoint answered ${answer.status}`);
      return answer.token;
    },
  });
}

/** A raw websocket on the realtime path, collecting text frames and the close code. */
export async function rawSocket(baseUrl: string) {
  const socket = new WebSocket(realtimeUrl(baseUrl));
  const frames: string[] = [];
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  socket.on('message', (data) => frames.push(Buffer.isBuffer(data) ? data.toString('utf8') : ''));
  socket.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return { socket, frames, closed };
}

/**
 * A minimal EventSource over fetch for the client's SSE transport in Node 20 (which has none): `onopen`,
 * `onmessage` with each event's joined `data:` lines, `onerror` when the stream fails or ends, `close()`.
 */
export class FetchEventSource {
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  readyState = 0;
  private readonly abort = new AbortController();

  constructor(readonly url: string) {
    void this.run();
  }

  private async run(): Promise<void> {
    try {
      const response = await fetch(this.url, {
        headers: { accept: 'text/event-stream' },
        signal: this.abort.signal,
      });
      if (!response.ok || !response.body) throw new Error(`event stream answered ${response.status}`);
      this.readyState = 1;
      this.onopen?.();
      const decoder = new TextDecoder();
      let buffer = '';
      const reader = response.body.getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        buffer += decoder.decode(read.value as Uint8Array, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const data = buffer
            .slice(0, end)
            .split('\n')
            .filter((line) => line.startsWith('data:'))
            .map((line) => line.slice(5).replace(/^ /, ''))
            .join('\n');
          buffer = buffer.slice(end + 2);
          if (data !== '' && this.readyState === 1) this.onmessage?.({ data });
        }
      }
      throw new Error('event stream ended');
    } catch (error) {
      if (this.readyState === 2) return;
      this.readyState = 2;
      this.onerror?.(error);
    }
  }

  close(): void {
    this.readyState = 2;
    this.abort.abort();
  }
}
