// Child processes of the realtime benchmark (bench/realtime.bench.ts), so that the measured server's event loop
// runs alone: `clients` holds load connections (several such processes share the sockets of a stage) and
// measures delivery latency; `raw-server` is the bare `ws` reference server. Both speak JSON or protobuf, the
// same frames the hub sends. Commands arrive over the IPC channel; every command is answered with one message.
import { performance } from 'node:perf_hooks';
import protobuf from 'protobufjs';
import WebSocket, { WebSocketServer } from 'ws';
import { CommandMessage, ReplyMessage } from '@eluent/server/src/transports/realtime/client-proto.ts';

export type Protocol = 'json' | 'protobuf';

type Command =
  | { cmd: 'open-raw'; url: string; protocol: Protocol; from: number; count: number; groups: number }
  | {
      cmd: 'open-eluent';
      url: string;
      protocol: Protocol;
      subscribers: Array<{ token: string; channels: string[] }>;
    }
  | { cmd: 'reset' }
  | { cmd: 'report' }
  | { cmd: 'close' }
  | { cmd: 'listen'; protocol: Protocol }
  | { cmd: 'memory' }
  | { cmd: 'cpu' }
  | { cmd: 'drive'; rate: number; groups: number; durationMs: number; padding: string }
  | { cmd: 'exit' };

/** Wall-clock milliseconds with sub-millisecond precision, comparable between processes of one machine. */
export const nowMs = () => performance.timeOrigin + performance.now();

const answer = (message: unknown) => process.send?.(message);

/** CPU time of this process so far (user + system), ms. */
const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

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

interface Received {
  id?: number;
  /** The push's publication data as JSON text. */
  data?: string;
  ping: boolean;
}

const EMPTY_COMMAND = Buffer.from([0]);

/** The replies and pushes of one frame, in either format. */
function readFrame(frame: Buffer, protocol: Protocol): Received[] {
  if (protocol === 'json') {
    return frame
      .toString()
      .split('\n')
      .map((line) => {
        if (line === '{}') return { ping: true };
        const message = JSON.parse(line) as { id?: number; push?: { pub?: { data: unknown } } };
        const data = message.push?.pub ? JSON.stringify(message.push.pub.data) : undefined;
        return { id: message.id, data, ping: false };
      });
  }
  const reader = protobuf.Reader.create(frame);
  const received: Received[] = [];
  while (reader.pos < reader.len) {
    const reply = ReplyMessage.decodeDelimited(reader) as unknown as {
      id?: number;
      push?: { pub?: { data: Uint8Array } };
    };
    const bytes = reply.push?.pub?.data;
    const empty = !reply.id && !reply.push && Object.keys(reply).length === 0;
    received.push({ id: reply.id, data: bytes ? Buffer.from(bytes).toString() : undefined, ping: empty });
  }
  return received;
}

function clientsRole(): void {
  let sockets: WebSocket[] = [];
  let deliveries = 0;
  let latencies: number[] = [];
  let cpuAtReset = cpuMs();
  const record = (dataJson: string) => {
    deliveries += 1;
    // One in eight sampled.
    if (deliveries % 8 === 0)
      latencies.push(nowMs() - Number((JSON.parse(dataJson) as { message: string }).message));
  };

  async function openSocket(url: string, protocol: Protocol): Promise<WebSocket> {
    const socket = new WebSocket(url, protocol === 'protobuf' ? 'centrifuge-protobuf' : [], {
      perMessageDeflate: false,
    });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    return socket;
  }

  function encodeCommands(protocol: Protocol, commands: object[]): string | Buffer {
    if (protocol === 'json') return commands.map((command) => JSON.stringify(command)).join('\n');
    const writer = protobuf.Writer.create();
    for (const command of commands) CommandMessage.encodeDelimited(command, writer);
    return Buffer.from(writer.finish());
  }

  async function openEluent(url: string, protocol: Protocol, token: string, channels: string[]) {
    const socket = await openSocket(url, protocol);
    const lastId = channels.length + 1;
    await new Promise<void>((resolve) => {
      socket.on('message', (data) => {
        for (const received of readFrame(data as Buffer, protocol)) {
          if (received.ping) socket.send(protocol === 'json' ? '{}' : EMPTY_COMMAND);
          else if (received.id === lastId) resolve();
          else if (received.data !== undefined) record(received.data);
        }
      });
      const subscribes = channels.map((channel, index) => ({ id: index + 2, subscribe: { channel } }));
      socket.send(encodeCommands(protocol, [{ id: 1, connect: { token } }, ...subscribes]));
    });
    return socket;
  }

  process.on('message', (command: Command) => {
    void (async () => {
      switch (command.cmd) {
        case 'open-raw':
          sockets = await inBatches(command.count, async (index) => {
            const group = (command.from + index) % command.groups;
            const socket = await openSocket(`${command.url}/?group=${group}`, command.protocol);
            socket.on('message', (data) => {
              for (const received of readFrame(data as Buffer, command.protocol)) {
                if (received.data !== undefined) record(received.data);
              }
            });
            return socket;
          });
          return answer({ opened: sockets.length });
        case 'open-eluent':
          sockets = await inBatches(command.subscribers.length, (index) => {
            const subscriber = command.subscribers[index]!;
            return openEluent(command.url, command.protocol, subscriber.token, subscriber.channels);
          });
          return answer({ opened: sockets.length });
        case 'reset':
          deliveries = 0;
          latencies = [];
          cpuAtReset = cpuMs();
          return answer({});
        case 'report':
          return answer({ deliveries, latencies, cpuMs: cpuMs() - cpuAtReset });
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

/** The bare reference: each publication serialised once in the hub's wire format and written to its sockets. */
function rawServerRole(): void {
  let server: WebSocketServer | null = null;
  let protocol: Protocol = 'json';
  const groups = new Map<number, Set<WebSocket>>();

  function frame(channel: string, data: object, offset: number): Buffer {
    if (protocol === 'json') return Buffer.from(JSON.stringify({ push: { channel, pub: { data, offset } } }));
    const pub = { data: Buffer.from(JSON.stringify(data)), offset };
    return Buffer.from(ReplyMessage.encodeDelimited({ push: { channel, pub } }).finish());
  }

  /** Runs the round; `writeMs` gets, for each timer tick that published, the time its frames took to write. */
  async function drive(command: Extract<Command, { cmd: 'drive' }>, writeMs: number[]): Promise<number> {
    const everyone = [...groups.values()].flatMap((group) => [...group]);
    const start = performance.now();
    let index = 0;
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        const tickStart = performance.now();
        const due = Math.floor(((tickStart - start) / 1000) * command.rate) + 1;
        if (index < due) writeMs.push(-tickStart);
        for (; index < due; index += 1) {
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
          const group = command.groups === 1 ? null : index % command.groups;
          const bytes = frame(`bench:${group === null ? 1 : group + 2}`, data, index + 1);
          const binary = protocol === 'protobuf';
          for (const client of group === null ? everyone : (groups.get(group) ?? [])) {
            client.send(bytes, { binary });
          }
        }
        if (writeMs.at(-1) === -tickStart) writeMs[writeMs.length - 1] = performance.now() - tickStart;
        if (performance.now() - start >= command.durationMs) {
          clearInterval(timer);
          resolve();
        }
      }, 5);
    });
    return (performance.now() - start) / 1000;
  }

  process.on('message', (command: Command) => {
    void (async () => {
      switch (command.cmd) {
        case 'listen': {
          protocol = command.protocol;
          server = new WebSocketServer({
            host: '127.0.0.1',
            port: 0,
            perMessageDeflate: false,
            clientTracking: false,
            handleProtocols: (protocols) =>
              protocols.has('centrifuge-protobuf') ? 'centrifuge-protobuf' : false,
          });
          server.on('connection', (socket, request) => {
            const group = Number(new URL(request.url ?? '/', 'http://x').searchParams.get('group') ?? 0);
            if (!groups.has(group)) groups.set(group, new Set());
            groups.get(group)!.add(socket);
            socket.on('close', () => groups.get(group)?.delete(socket));
          });
          await new Promise((resolve) => server!.once('listening', resolve));
          return answer({ port: (server.address() as { port: number }).port });
        }
        case 'memory':
          return answer(memory());
        case 'cpu':
          return answer({ cpuMs: cpuMs() });
        case 'drive': {
          const writeMs: number[] = [];
          return answer({ seconds: await drive(command, writeMs), writeMs });
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
