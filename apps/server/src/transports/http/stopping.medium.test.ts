// A stopping server closes the connections with nothing to finish at once: one that has not sent a byte (Node
// counts it as busy until its headers timeout, 60 s and more) and an idle keep-alive connection.
import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../../test/harness.ts';

function openSocket(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

const closed = (socket: Socket) => new Promise<void>((resolve) => socket.once('close', () => resolve()));

describe('stopping the server', () => {
  it('closes a connection that has sent nothing and an idle keep-alive one', async () => {
    const server = await startTestServer({ backend: { name: 'pglite' } });
    const port = Number(new URL(server.baseUrl).port);
    const quiet = await openSocket(port);
    const keptAlive = await openSocket(port);
    const answered = new Promise<string>((resolve) => {
      let text = '';
      keptAlive.on('data', (chunk: Buffer) => {
        text += chunk.toString('latin1');
        if (text.includes('\r\n\r\n')) resolve(text);
      });
    });
    keptAlive.write('GET /api/health/ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
    expect(await answered).toMatch(/^HTTP\/1\.1 200/);
    const quietClosed = closed(quiet);
    const keptAliveClosed = closed(keptAlive);
    try {
      // Both would otherwise stay open for the headers or keep-alive timeout (60 s and 72 s), past this test's
      // own limit.
      await server.stop();
      await Promise.all([quietClosed, keptAliveClosed]);
    } finally {
      quiet.destroy();
      keptAlive.destroy();
      await server.dispose();
    }
  });
});
