// How a device reaches the server: a text-frame socket. Over the network it is a WebSocket; inside the
// server process it is a pair of in-memory ends that behave the same way.
import WebSocket from 'ws';

export interface LinkSocket {
  send(text: string): void;
  close(): void;
  onMessage(listener: (text: string) => void): void;
  onClose(listener: () => void): void;
}

export type Connect = () => Promise<LinkSocket>;

/** Connects to `<server>/device/ws` (http→ws, https→wss). */
export function websocketConnector(serverUrl: string): Connect {
  const url = new URL('/device/ws', serverUrl.replace(/^http/, 'ws'));
  return () =>
    new Promise<LinkSocket>((resolve, reject) => {
      const socket = new WebSocket(url, { handshakeTimeout: 5000 });
      const fail = (error: Error) => reject(error);
      socket.once('error', fail);
      socket.once('open', () => {
        socket.off('error', fail);
        // Errors after the socket opened end in a close, which the client handles.
        socket.on('error', () => undefined);
        resolve({
          send: (text) => {
            if (socket.readyState === WebSocket.OPEN) socket.send(text);
          },
          close: () => socket.terminate(),
          onMessage: (listener) =>
            socket.on('message', (data: WebSocket.RawData) => listener(rawToText(data))),
          onClose: (listener) => socket.on('close', () => listener()),
        });
      });
    });
}

function rawToText(data: WebSocket.RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}

/**
 * Two connected in-memory ends; delivery is asynchronous like a network, and ordered: a frame sent before
 * `close` still arrives (as a WebSocket's last frames do before its close frame), nothing after it.
 */
export function socketPair(): [LinkSocket, LinkSocket] {
  const make = () => ({
    messageListeners: [] as Array<(text: string) => void>,
    closeListeners: [] as Array<() => void>,
  });
  const left = make();
  const right = make();
  let closing = false;
  let closed = false;
  const close = () => {
    if (closing) return;
    closing = true;
    setImmediate(() => {
      closed = true;
      for (const listener of [...left.closeListeners, ...right.closeListeners]) listener();
    });
  };
  const end = (own: ReturnType<typeof make>, other: ReturnType<typeof make>): LinkSocket => ({
    send: (text) => {
      if (closing) return;
      setImmediate(() => {
        if (!closed) for (const listener of other.messageListeners) listener(text);
      });
    },
    close,
    onMessage: (listener) => own.messageListeners.push(listener),
    onClose: (listener) => own.closeListeners.push(listener),
  });
  return [end(left, right), end(right, left)];
}
