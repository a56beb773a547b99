// The `/realtime/ws` transport: JSON frames over `ws`, taking only upgrades for its own path so other
// websocket endpoints (the device link) can share the HTTP server.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';
import type { ClientTransport } from './client.ts';
import type { RealtimeHub } from './hub.ts';
import { disconnects } from './protocol.ts';

/** Frames above this size close the socket with 1009, which the client treats as final (message size limit). */
export const MAX_FRAME_BYTES = 64 * 1024;

/** A slow client that does not take its close frame within this time is cut off. */
const TERMINATE_AFTER_MS = 2000;

function transportOf(socket: WebSocket): ClientTransport {
  return {
    send: (frame) => socket.send(frame, { binary: false }),
    bufferedBytes: () => socket.bufferedAmount,
    close(disconnect) {
      socket.close(disconnect.code, disconnect.reason);
      setTimeout(() => socket.terminate(), TERMINATE_AFTER_MS).unref();
    },
  };
}

export function attachRealtimeWebsocket(app: FastifyInstance, hub: RealtimeHub, path = '/realtime/ws'): void {
  const server = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_FRAME_BYTES,
    perMessageDeflate: false,
    clientTracking: false,
    // The JSON client asks for no subprotocol; a protobuf-only client is refused rather than misread.
    handleProtocols: (protocols) => (protocols.has('centrifuge-json') ? 'centrifuge-json' : false),
  });

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const pathname = (request.url ?? '').split('?')[0];
    if (pathname !== path && pathname !== `${path}/`) return;
    server.handleUpgrade(request, socket, head, (websocket) => {
      const client = hub.open(transportOf(websocket));
      websocket.on('message', (data, isBinary) => {
        if (isBinary) return client.close(disconnects.badRequest);
        const bytes = Array.isArray(data)
          ? Buffer.concat(data)
          : data instanceof ArrayBuffer
            ? Buffer.from(data)
            : data;
        client.receive(bytes.toString('utf8'));
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
