// `npm run bench -- realtime`: fan-out of the realtime hub against raw `ws` doing the same work.
// Stages: 1,000 subscribers on one channel; 100 channels × 10 subscribers; memory per idle connection.
// Server and load clients share this process (pessimistic, as is the reference run), on 127.0.0.1 only.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import WebSocket, { WebSocketServer } from 'ws';
import { channels, type UserNotification } from '@eluent/contracts';
import { buildServer } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';

const STAGE_MS = 4000;
const PADDING = 'x'.repeat(90);

interface Stage {
  name: string;
  deliveries: number;
  seconds: number;
  latenciesMs: number[];
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
}

function report(stage: Stage): { rate: number; p50: number; p99: number } {
  const sorted = [...stage.latenciesMs].sort((a, b) => a - b);
  const rate = stage.deliveries / stage.seconds;
  const p50 = percentile(sorted, 0.5);
  const p99 = percentile(sorted, 0.99);
  console.log(
    `${stage.name.padEnd(44)} ${Math.round(rate).toString().padStart(7)} deliveries/s  p50 ${p50.toFixed(1)} ms  p99 ${p99.toFixed(1)} ms`,
  );
  return { rate, p50, p99 };
}

/** A minimal protocol client: connect + subscribe in one frame, pongs, publication timestamps. */
async function openEluentClient(
  url: string,
  token: string,
  channel: string,
  onSent: (sentAt: number) => void,
) {
  const socket = new WebSocket(url, { perMessageDeflate: false });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const subscribed = new Promise<void>((resolve) => {
    socket.on('message', (data) => {
      const text = (data as Buffer).toString();
      if (text === '{}') return socket.send('{}');
      for (const line of text.split('\n')) {
        const message = JSON.parse(line) as { id?: number; push?: { pub?: { data: UserNotification } } };
        if (message.id === 2) resolve();
        const data = message.push?.pub?.data;
        if (data) onSent(Number(data.message));
      }
    });
  });
  socket.send(
    `${JSON.stringify({ id: 1, connect: { token } })}\n${JSON.stringify({ id: 2, subscribe: { channel } })}`,
  );
  await subscribed;
  return socket;
}

async function openRawClient(url: string, onSent: (sentAt: number) => void) {
  const socket = new WebSocket(url, { perMessageDeflate: false });
  socket.on('message', (data) => {
    const message = JSON.parse((data as Buffer).toString()) as { push: { pub: { data: UserNotification } } };
    onSent(Number(message.push.pub.data.message));
  });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  return socket;
}

async function inBatches<T>(count: number, open: (index: number) => Promise<T>): Promise<T[]> {
  const opened: T[] = [];
  for (let start = 0; start < count; start += 50) {
    const batch = Array.from({ length: Math.min(50, count - start) }, (_unused, offset) =>
      open(start + offset),
    );
    opened.push(...(await Promise.all(batch)));
  }
  return opened;
}

function payload(sentAt: number, index: number): UserNotification {
  return {
    type: 'notification',
    id: String(index),
    level: 'info',
    kind: PADDING,
    message: String(sentAt),
    link: null,
    at: '',
  };
}

/** Publishes `perTick` messages every `tickMs` for the stage's duration; counts deliveries and latencies. */
async function drive(
  name: string,
  publish: (index: number) => void,
  perTick: number,
  tickMs: number,
  counters: { deliveries: number; latenciesMs: number[] },
): Promise<Stage> {
  counters.deliveries = 0;
  counters.latenciesMs.length = 0;
  const start = performance.now();
  let index = 0;
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      for (let step = 0; step < perTick; step += 1) publish(index++);
      if (performance.now() - start >= STAGE_MS) {
        clearInterval(timer);
        resolve();
      }
    }, tickMs);
  });
  await new Promise((resolve) => setTimeout(resolve, 300));
  return {
    name,
    deliveries: counters.deliveries,
    seconds: (performance.now() - start) / 1000,
    latenciesMs: [...counters.latenciesMs],
  };
}

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** JavaScript heap in MB after a collection; the embedded database lives outside it. */
function memoryMb(): number {
  collectGarbage();
  return process.memoryUsage().heapUsed / 1e6;
}

export async function run(args: string[]): Promise<void> {
  const subscribers = Number(args.find((arg) => arg.startsWith('--subscribers='))?.split('=')[1] ?? 1000);
  const rate = Number(args.find((arg) => arg.startsWith('--rate='))?.split('=')[1] ?? 40);
  const counters = { deliveries: 0, latenciesMs: [] as number[] };
  const record = (sentAt: number) => {
    counters.deliveries += 1;
    // One in eight sampled, as in the reference measurements.
    if (counters.deliveries % 8 === 0) counters.latenciesMs.push(performance.now() - sentAt);
  };

  // Reference: raw ws, the same push serialised once and sent to every socket.
  const rawServer = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
  await new Promise((resolve) => rawServer.once('listening', resolve));
  const rawUrl = `ws://127.0.0.1:${(rawServer.address() as { port: number }).port}`;
  const before = memoryMb();
  const rawClients = await inBatches(subscribers, () => openRawClient(rawUrl, record));
  const rawPerConnectionKb = ((memoryMb() - before) * 1000) / subscribers;
  const rawStage = await drive(
    `raw ws: ${subscribers} subscribers, ${rate} pubs/s`,
    (index) => {
      const frame = Buffer.from(
        JSON.stringify({
          push: { channel: 'bench', pub: { data: payload(performance.now(), index), offset: index } },
        }),
      );
      for (const client of rawServer.clients) client.send(frame, { binary: false });
    },
    Math.max(1, Math.round(rate / 40)),
    25,
    counters,
  );
  for (const client of rawClients) client.terminate();
  rawServer.close();

  const dataDir = mkdtempSync(join(tmpdir(), 'eluent-bench-'));
  const config = loadConfig({
    PORT: '0',
    ELUENT_DATA_DIR: dataDir,
    ELUENT_LOG_LEVEL: 'silent',
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
  });
  const { app, context } = await buildServer(config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `ws://127.0.0.1:${(app.server.address() as { port: number }).port}/realtime/ws`;
  try {
    const tokens = await Promise.all(
      Array.from({ length: 100 }, (_unused, index) =>
        context.sessions.issue({ id: index + 1, email: `bench${index}@example.com` }),
      ),
    );
    const hubBefore = memoryMb();
    const clients = await inBatches(subscribers, () =>
      openEluentClient(url, tokens[0]!.access, channels.user(1), record),
    );
    const hubPerConnectionKb = ((memoryMb() - hubBefore) * 1000) / subscribers;
    const large = await drive(
      `eluent: ${subscribers} subscribers, ${rate} pubs/s`,
      (index) => void context.realtime.publish(channels.user(1), payload(performance.now(), index)),
      Math.max(1, Math.round(rate / 40)),
      25,
      counters,
    );
    if (context.realtime.connectionCount() !== subscribers)
      console.log('some subscribers were dropped as slow');
    for (const client of clients) client.terminate();

    const small = await inBatches(1000, (index) =>
      openEluentClient(url, tokens[index % 100]!.access, channels.user((index % 100) + 1), record),
    );
    const smallStage = await drive(
      'eluent: 100 channels × 10 subscribers, 1000 pubs/s',
      (index) =>
        void context.realtime.publish(channels.user((index % 100) + 1), payload(performance.now(), index)),
      10,
      10,
      counters,
    );
    for (const client of small) client.terminate();

    const rawFigures = report(rawStage);
    const largeFigures = report(large);
    report(smallStage);
    console.log(
      `heap per idle connection (server and client ends in one process): raw ws ${rawPerConnectionKb.toFixed(1)} KB, eluent ${hubPerConnectionKb.toFixed(1)} KB, hub's own ${(hubPerConnectionKb - rawPerConnectionKb).toFixed(1)} KB`,
    );
    console.log(
      `ratio eluent / raw ws: deliveries ${(largeFigures.rate / rawFigures.rate).toFixed(2)}, p99 ${(largeFigures.p99 / rawFigures.p99).toFixed(2)}, memory ${(hubPerConnectionKb / rawPerConnectionKb).toFixed(2)}`,
    );
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
