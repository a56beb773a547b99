// The `/realtime/ws` transport over `ws`: JSON text frames, or protobuf binary frames when the client asks for
// the `centrifuge-protobuf` subprotocol (the official client with `protocol: 'protobuf'`). It takes only
// upgrades for its own path so other websocket endpoints (the device link) can share the HTTP server.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import * as wsModule from 'ws';
import { WebSocketServer, WebSocket } from 'ws';
import type { ClientTransport } from './client.ts';
import { SharedFrame, type WireProtocol } from './codec.ts';
import type { RealtimeHub } from './hub.ts';
import { disconnects } from './protocol.ts';
import { beforeWrite } from './write-turns.ts';

/** Frames above this size close the socket with 1009, which the client treats as final (message size limit). */
export const MAX_FRAME_BYTES = 64 * 1024;

/** A slow client that does not take its close frame within this time is cut off. */
const TERMINATE_AFTER_MS = 2000;

export const subprotocols = { json: 'centrifuge-json', protobuf: 'centrifuge-protobuf' } as const;

interface FrameOptions {
  fin: boolean;
  opcode: number;
  mask: boolean;
  readOnly: boolean;
  rsv1: boolean;
}
/** `ws`'s frame builder (exported by the package, not typed by @types/ws). */
const { Sender } = wsModule as unknown as {
  Sender?: { frame: (data: Buffer, options: FrameOptions) => Buffer[] };
};

/** The parts of a `ws` socket the shared-frame write needs; absent in another `ws` than the one measured. */
interface SocketInternals {
  _socket?: Duplex | null;
  _sender?: { _queue?: unknown[] } | null;
}

/**
 * Writes a frame shared by many connections as one prepared websocket frame (header and payload built once
 * with `ws`'s own frame builder), straight to the socket: no header, list or cork per connection. It takes this
 * path only while `ws` holds nothing queued (no compression is negotiated, so it never does) and the socket is
 * open; otherwise the frame goes through `websocket.send`. Ordering is kept: both write to the same stream.
 */
function writeShared(socket: WebSocket, frame: SharedFrame): void {
  const internals = socket as unknown as SocketInternals;
  const stream = internals._socket;
  if (!Sender || !stream || socket.readyState !== WebSocket.OPEN || internals._sender?._queue?.length) {
    socket.send(frame.payload, { binary: frame.binary });
    return;
  }
  frame.wire ??= Buffer.concat(
    Sender.frame(frame.payload, {
      fin: true,
      opcode: frame.binary ? 2 : 1,
      mask: false,
      readOnly: true,
      rsv1: false,
    }),
  );
  stream.write(frame.wire);
}

function transportOf(socket: WebSocket, protocol: WireProtocol): ClientTransport {
  const binary = protocol === 'protobuf';
  return {
    protocol,
    send: (frame) => {
      const stream = (socket as unknown as SocketInternals)._socket;
      if (stream) beforeWrite(stream);
      if (frame instanceof SharedFrame) writeShared(socket, frame);
      else socket.send(frame, { binary });
    },
    bufferedBytes: () => socket.bufferedAmount,
    close(disconnect) {
      socket.close(disconnect.code, disconnect.reason);
      setTimeout(() => socket.terminate(), TERMINATE_AFTER_MS).unref();
    },
  };
}

/** The subprotocol answered: protobuf when asked for, JSON when asked for; none (JSON) when none is asked. */
function chooseSubprotocol(protocols: Set<string>): string | false {
  if (protocols.has(subprotocols.protobuf)) return subprotocols.protobuf;
  if (protocols.has(subprotocols.json)) return subprotocols.json;
  return false;
}

export function attachRealtimeWebsocket(app: FastifyInstance, hub: RealtimeHub, path = '/realtime/ws'): void {
  const server = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_FRAME_BYTES,
    perMessageDeflate: false,
    clientTracking: false,
    handleProtocols: chooseSubprotocol,
  });

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const pathname = (request.url ?? '').split('?')[0];
    if (pathname !== path && pathname !== `${path}/`) return;
    server.handleUpgrade(request, socket, head, (websocket) => {
      const protocol: WireProtocol = websocket.protocol === subprotocols.protobuf ? 'protobuf' : 'json';
      const client = hub.open(transportOf(websocket, protocol));
      websocket.on('message', (data, isBinary) => {
        // Each format has its own frame type: a text frame on protobuf or a binary one on JSON is refused.
        if (isBinary !== (protocol === 'protobuf')) return client.close(disconnects.badRequest);
        const bytes = Array.isArray(data)
          ? Buffer.concat(data)
          : data instanceof ArrayBuffer
            ? Buffer.from(data)
            : data;
        client.receive(protocol === 'protobuf' ? bytes : bytes.toString('utf8'));
      });
      websocket.on('close', () => client.closed());
      websocket.on('error', () => client.closed());
    });
  };
  app.server.on('upgrade', onUpgrade);
  app.addHook('preClose', async () => {
    app.server.off('upgrade', onUpgrade);
    hub.shutdown();
    server.close();
  });
}
