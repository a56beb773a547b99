// `npm run bench -- realtime`: fan-out of the realtime hub against raw `ws` doing the same work.
// Stages: 1,000 subscribers on one channel; 100 channels × 10 subscribers; memory per idle connection.
// The hub runs in this process; the load clients run in a child process and the raw `ws` reference server in
// another (bench/realtime-load.ts), so each server's event loop and memory are measured alone. 127.0.0.1 only.
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { collectGarbage } from './collectGarbage.ts';
import { channels, type UserNotification } from '@eluent/contracts';
import { buildServer } from '@eluent/server/src/app.ts';
import { loadConfig } from '@eluent/server/src/config.ts';

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

/** Wall-clock milliseconds with sub-millisecond precision, comparable with the clients' process. */
const nowMs = () => performance.timeOrigin + performance.now();

/** A child of bench/realtime-load.ts in `role`, answering one message per command. */
function child(role: 'clients' | 'raw-server') {
  const script = fileURLToPath(new URL('./realtime-load.ts', import.meta.url));
  const proc = fork(script, [role], { execArgv: ['--import', 'tsx', '--expose-gc'] });
  return {
    ask<T>(command: Record<string, unknown>): Promise<T> {
      return new Promise<T>((resolve) => {
        proc.once('message', (message) => resolve(message as T));
        proc.send(command);
      });
    },
    exit() {
      proc.send({ cmd: 'exit' });
    },
  };
}

type Load = ReturnType<typeof child>;

/** Publishes `perTick` messages every `tickMs` for the stage's duration. */
async function drive(publish: (index: number) => void, perTick: number, tickMs: number): Promise<number> {
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
  return (performance.now() - start) / 1000;
}

/** Resets the clients' counters, runs the stage, waits for stragglers and collects the clients' figures. */
async function measure(name: string, clients: Load, stage: () => Promise<number>): Promise<Stage> {
  await clients.ask({ cmd: 'reset' });
  const seconds = await stage();
  await new Promise((resolve) => setTimeout(resolve, 300));
  const figures = await clients.ask<{ deliveries: number; latencies: number[] }>({ cmd: 'report' });
  return { name, deliveries: figures.deliveries, seconds, latenciesMs: figures.latencies };
}

/** This process's resident set and JavaScript heap in bytes, after a collection. */
function memory(): { rss: number; heap: number } {
  collectGarbage();
  const usage = process.memoryUsage();
  return { rss: usage.rss, heap: usage.heapUsed };
}

const perConnectionKb = (before: number, after: number, count: number) => (after - before) / 1000 / count;

export async function run(args: string[]): Promise<void> {
  const subscribers = Number(args.find((arg) => arg.startsWith('--subscribers='))?.split('=')[1] ?? 1000);
  const rate = Number(args.find((arg) => arg.startsWith('--rate='))?.split('=')[1] ?? 40);
  const clients = child('clients');
  const rawServer = child('raw-server');
  const dataDir = mkdtempSync(join(tmpdir(), 'eluent-bench-'));
  try {
    // Reference: raw ws in its own process, the same push serialised once and sent to every socket.
    const { port } = await rawServer.ask<{ port: number }>({ cmd: 'listen' });
    const rawBefore = await rawServer.ask<{ rss: number; heap: number }>({ cmd: 'memory' });
    await clients.ask({ cmd: 'open-raw', url: `ws://127.0.0.1:${port}`, count: subscribers });
    const rawAfter = await rawServer.ask<{ rss: number; heap: number }>({ cmd: 'memory' });
    const rawStage = await measure(
      `raw ws: ${subscribers} subscribers, ${rate} pubs/s`,
      clients,
      async () => {
        const answer = await rawServer.ask<{ seconds: number }>({
          cmd: 'drive',
          perTick: Math.max(1, Math.round(rate / 40)),
          tickMs: 25,
          durationMs: STAGE_MS,
          padding: PADDING,
        });
        return answer.seconds;
      },
    );
    await clients.ask({ cmd: 'close' });
    rawServer.exit();

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
      // Let the start-up garbage settle so the delta is the connections' own.
      memory();
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const hubBefore = memory();
      await clients.ask({
        cmd: 'open-eluent',
        url,
        subscribers: Array.from({ length: subscribers }, () => ({
          token: tokens[0]!.access,
          channel: channels.user(1),
        })),
      });
      const hubAfter = memory();
      const large = await measure(`eluent: ${subscribers} subscribers, ${rate} pubs/s`, clients, () =>
        drive(
          (index) => void context.realtime.publish(channels.user(1), payload(nowMs(), index)),
          Math.max(1, Math.round(rate / 40)),
          25,
        ),
      );
      if (context.realtime.connectionCount() !== subscribers)
        console.log('some subscribers were dropped as slow');
      await clients.ask({ cmd: 'close' });

      await clients.ask({
        cmd: 'open-eluent',
        url,
        subscribers: Array.from({ length: 1000 }, (_unused, index) => ({
          token: tokens[index % 100]!.access,
          channel: channels.user((index % 100) + 1),
        })),
      });
      const smallStage = await measure('eluent: 100 channels × 10 subscribers, 1000 pubs/s', clients, () =>
        drive(
          (index) => void context.realtime.publish(channels.user((index % 100) + 1), payload(nowMs(), index)),
          10,
          10,
        ),
      );
      await clients.ask({ cmd: 'close' });

      const rawFigures = report(rawStage);
      const largeFigures = report(large);
      report(smallStage);
      const kb = {
        rawRss: perConnectionKb(rawBefore.rss, rawAfter.rss, subscribers),
        rawHeap: perConnectionKb(rawBefore.heap, rawAfter.heap, subscribers),
        hubRss: perConnectionKb(hubBefore.rss, hubAfter.rss, subscribers),
        hubHeap: perConnectionKb(hubBefore.heap, hubAfter.heap, subscribers),
      };
      console.log(
        `server memory per idle connection: raw ws RSS ${kb.rawRss.toFixed(1)} KB (heap ${kb.rawHeap.toFixed(1)} KB), eluent RSS ${kb.hubRss.toFixed(1)} KB (heap ${kb.hubHeap.toFixed(1)} KB)`,
      );
      console.log(
        `ratio eluent / raw ws: deliveries ${(largeFigures.rate / rawFigures.rate).toFixed(2)}, p99 ${(largeFigures.p99 / rawFigures.p99).toFixed(2)}, RSS ${(kb.hubRss / kb.rawRss).toFixed(2)}`,
      );
    } finally {
      await app.close();
    }
  } finally {
    clients.exit();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
