// A stopping server closes the connections that carry nothing to finish. Fastify closes the idle keep-alive
// connections once, when the stop begins; Node counts a connection that has not yet sent a byte (a browser's
// preconnect, a realtime client reconnecting after the shutdown push) as busy, so such a connection held the
// stop open until the headers timeout ended it (60 s and more). While stopping, every quarter second the idle
// connections and those that have sent nothing are closed; requests in flight still get their answers.
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

export function closeQuietConnectionsWhileStopping(app: FastifyInstance): void {
  const open = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  app.addHook('preClose', async () => {
    const sweep = setInterval(() => {
      app.server.closeIdleConnections();
      for (const socket of open) if (socket.bytesRead === 0) socket.destroy();
    }, 250);
    sweep.unref();
    app.server.once('close', () => clearInterval(sweep));
  });
}
