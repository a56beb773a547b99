// Child processes of the realtime benchmark (bench/realtime.bench.ts), so that the measured server's event loop
// runs alone: `clients` holds the load connections and measures delivery latency; `raw-server` is the raw `ws`
// reference server. Commands arrive over the IPC channel; every command is answered with one message.
import { performance } from 'node:perf_hooks';
import WebSocket, { WebSocketServer } from 'ws';

type Command =
  | { cmd: 'open-raw'; url: string; count: number }
  | { cmd: 'open-eluent'; url: string; subscribers: Array<{ token: string; channel: string }> }
  | { cmd: 'reset' }
  | { cmd: 'report' }
  | { cmd: 'close' }
  | { cmd: 'listen' }
  | { cmd: 'memory' }
  | { cmd: 'drive'; perTick: number; tickMs: number; durationMs: number; padding: string }
  | { cmd: 'exit' };

/** Wall-clock milliseconds with sub-millisecond precision, comparable between processes of one machine. */
export const nowMs = () => performance.timeOrigin + performance.now();

const answer = (message: unknown) => process.send?.(message);

/** Bytes of the process after a collection (the child runs with --expose-gc). */
function memory(): { rss: number; heap: number } {
  (globalThis as { gc?: () => void }).gc?.();
  const usage = process.memoryUsage();
  return { rss: usage.rss, heap: usage.heapUsed };
}

async function inBatches<T>(count: number, open: (index: number) => Promise<T>): Promise<T[]> {
  const opened: T[] = [];
  for (let start = 0; start < count; start += 50) {
    const size = Math.min(50, count - start);
    opened.push(
      ...(await Promise.all(Array.from({ length: size }, (_unused, offset) => open(start + offset)))),
    );
  }
  return opened;
}

function clientsRole(): void {
  let sockets: WebSocket[] = [];
  let deliveries = 0;
  let latencies: number[] = [];
  const record = (sentAt: number) => {
    deliveries += 1;
    // One in eight sampled.
    if (deliveries % 8 === 0) latencies.push(nowMs() - sentAt);
  };
  const sentAtOf = (data: unknown) => Number((data as { message?: string } | undefined)?.message);

  async function openSocket(url: string): Promise<WebSocket> {
    const socket = new WebSocket(url, { perMessageDeflate: false });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    return socket;
  }

  async function openEluent(url: string, token: string, channel: string): Promise<WebSocket> {
    const socket = await openSocket(url);
    await new Promise<void>((resolve) => {
      socket.on('message', (data) => {
        const text = (data as Buffer).toString();
        if (text === '{}') return socket.send('{}');
        for (const line of text.split('\n')) {
          const message = JSON.parse(line) as { id?: number; push?: { pub?: { data: unknown } } };
          if (message.id === 2) resolve();
          if (message.push?.pub) record(sentAtOf(message.push.pub.data));
        }
      });
      socket.send(
        `${JSON.stringify({ id: 1, connect: { token } })}\n${JSON.stringify({ id: 2, subscribe: { channel } })}`,
      );
    });
    return socket;
  }

  process.on('message', (command: Command) => {
    void (async () => {
      switch (command.cmd) {
        case 'open-raw':
          sockets = await inBatches(command.count, async () => {
            const socket = await openSocket(command.url);
            socket.on('message', (data) => {
              const message = JSON.parse((data as Buffer).toString()) as { push: { pub: { data: unknown } } };
              record(sentAtOf(message.push.pub.data));
            });
            return socket;
          });
          return answer({ opened: sockets.length });
        case 'open-eluent':
          sockets = await inBatches(command.subscribers.length, (index) => {
            const subscriber = command.subscribers[index]!;
            return openEluent(command.url, subscriber.token, subscriber.channel);
          });
          return answer({ opened: sockets.length });
        case 'reset':
          deliveries = 0;
          latencies = [];
          return answer({});
        case 'report':
          return answer({ deliveries, latencies });
        case 'close':
          for (const socket of sockets) socket.terminate();
          sockets = [];
          return answer({});
        case 'exit':
          process.exit(0);
        // eslint-disable-next-line no-fallthrough
        default:
          return answer({ error: `unknown command ${command.cmd}` });
      }
    })();
  });
}

function rawServerRole(): void {
  let server: WebSocketServer | null = null;
  process.on('message', (command: Command) => {
    void (async () => {
      switch (command.cmd) {
        case 'listen': {
          server = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
          await new Promise((resolve) => server!.once('listening', resolve));
          return answer({ port: (server.address() as { port: number }).port });
        }
        case 'memory':
          return answer(memory());
        case 'drive': {
          // The same push serialised once and written to every socket, as the hub does.
          const start = performance.now();
          let index = 0;
          await new Promise<void>((resolve) => {
            const timer = setInterval(() => {
              for (let step = 0; step < command.perTick; step += 1) {
                // The hub's payload: a user notification carrying its send time.
                const data = {
                  type: 'notification',
                  id: String(index),
                  level: 'info',
                  kind: command.padding,
                  message: String(nowMs()),
                  link: null,
                  at: '',
                };
                const frame = Buffer.from(
                  JSON.stringify({ push: { channel: 'bench', pub: { data, offset: index++ } } }),
                );
                for (const client of server!.clients) client.send(frame, { binary: false });
              }
              if (performance.now() - start >= command.durationMs) {
                clearInterval(timer);
                resolve();
              }
            }, command.tickMs);
          });
          return answer({ seconds: (performance.now() - start) / 1000 });
        }
        case 'exit':
          server?.close();
          process.exit(0);
        // eslint-disable-next-line no-fallthrough
        default:
          return answer({ error: `unknown command ${command.cmd}` });
      }
    })();
  });
}

if (process.argv[2] === 'clients') clientsRole();
else if (process.argv[2] === 'raw-server') rawServerRole();
