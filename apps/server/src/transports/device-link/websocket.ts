// The `/device/ws` transport: text frames over `ws`, taking only upgrades for its own path (the realtime hub
// shares the HTTP server for `/realtime/ws`).
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer, type RawData } from 'ws';
import { clientAddress } from '../../lib/client-address.ts';
import type { DeviceService } from '../../services/devices/service.ts';
import { LinkSession } from './link-session.ts';

export const DEVICE_LINK_PATH = '/device/ws';
/**
 * Frames up to this size reach the protocol, which answers anything above its own 1 MiB limit with an
 * error; beyond it `ws` closes with 1009 rather than buffer without bound.
 */
const MAX_WEBSOCKET_PAYLOAD_BYTES = 8 * 1024 * 1024;
/** Probe silent devices: a half-open connection is noticed within two intervals. */
const PING_INTERVAL_MS = 15_000;

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}

export function attachDeviceWebsocket(
  app: FastifyInstance,
  service: DeviceService,
  trustedProxyHops: number,
): void {
  const server = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_WEBSOCKET_PAYLOAD_BYTES,
    perMessageDeflate: false,
  });

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const pathname = (request.url ?? '').split('?')[0];
    if (pathname !== DEVICE_LINK_PATH && pathname !== `${DEVICE_LINK_PATH}/`) return;
    if (service.closing) {
      socket.destroy();
      return;
    }
    server.handleUpgrade(request, socket, head, (websocket) => {
      const session = new LinkSession(
        {
          send: (text) => websocket.send(text),
          close: () => websocket.terminate(),
          address: clientAddress(request, trustedProxyHops),
        },
        service,
      );
      let alive = true;
      const ping = setInterval(() => {
        if (!alive) return websocket.terminate();
        alive = false;
        websocket.ping();
      }, PING_INTERVAL_MS);
      websocket.on('pong', () => {
        alive = true;
      });
      websocket.on('message', (data, isBinary) => {
        alive = true;
        if (isBinary) {
          websocket.send(
            JSON.stringify({ type: 'error', code: 'malformed', detail: 'Frames are JSON text.' }),
          );
          return;
        }
        session.receive(rawText(data));
      });
      websocket.on('close', () => {
        clearInterval(ping);
        session.connectionLost();
      });
      websocket.on('error', () => websocket.terminate());
    });
  };
  app.server.on('upgrade', onUpgrade);
  app.addHook('preClose', async () => {
    app.server.off('upgrade', onUpgrade);
    await service.close();
    server.close();
  });
}
