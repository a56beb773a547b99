// `npm run bench -- realtime`: fan-out of the realtime hub against a bare `ws` server doing the same work, in
// JSON and in protobuf, at 1,000 and 10,000 subscribers: every subscriber on one channel, and the same
// subscribers spread over 100 channels. Options: --sizes=1000,10000 --protocols=json,protobuf
// --offered=40000 (deliveries/s offered in every stage) --rounds=3 --clients=4 (load processes).
// The hub runs in this process; the load clients run in child processes and the bare `ws` reference server in
// another (bench/realtime-load.ts), so each server's event loop and memory are measured alone. Both servers'
// connections stay open through a size and format, and their rounds alternate (reference, hub, hub,
// reference, …) so that both see the same machine. 127.0.0.1 only.
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { ChannelName, UserNotification } from '@eluent/contracts';
import { collectGarbage } from './collectGarbage.ts';
import type { Protocol } from './realtime-load.ts';
import { buildServer } from '@eluent/server/src/app.ts';
import { loadConfig } from '@eluent/server/src/config.ts';

const ROUND_MS = 3000;
const PADDING = 'x'.repeat(90);
/** Channels of the spread stage; subscriber i listens to `bench:1` and to `bench:{2 + i % 100}`. */
const SPREAD = 100;

interface Figures {
  deliveries: number;
  seconds: number;
  latenciesMs: number[];
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
}

function summary(figures: Figures) {
  const sorted = [...figures.latenciesMs].sort((a, b) => a - b);
  return {
    rate: figures.deliveries / figures.seconds,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
  };
}

const line = (figures: ReturnType<typeof summary>) =>
  `${Math.round(figures.rate).toString().padStart(7)} deliveries/s  p50 ${figures.p50.toFixed(1).padStart(6)} ms  p99 ${figures.p99.toFixed(1).padStart(6)} ms`;

function payload(index: number): UserNotification {
  return {
    type: 'notification',
    id: String(index),
    level: 'info',
    kind: PADDING,
    message: String(nowMs()),
    link: null,
    at: '',
  };
}

/** Wall-clock milliseconds with sub-millisecond precision, comparable with the clients' processes. */
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

/** Several load processes holding a stage's sockets between them; their figures are summed. */
function loadGroup(count: number) {
  const members = Array.from({ length: count }, () => child('clients'));
  const all = <T>(command: Record<string, unknown>) =>
    Promise.all(members.map((member) => member.ask<T>(command)));
  return {
    members,
    all,
    async figures(): Promise<{ deliveries: number; latencies: number[] }> {
      const reports = await all<{ deliveries: number; latencies: number[] }>({ cmd: 'report' });
      return {
        deliveries: reports.reduce((sum, report) => sum + report.deliveries, 0),
        latencies: reports.flatMap((report) => report.latencies),
      };
    },
    exit: () => members.forEach((member) => member.exit()),
  };
}

type LoadGroup = ReturnType<typeof loadGroup>;

/** Splits `size` sockets over the load processes: [from, count] for each. */
const shares = (size: number, parts: number) =>
  Array.from({ length: parts }, (_unused, part) => {
    const from = Math.floor((size * part) / parts);
    return { from, count: Math.floor((size * (part + 1)) / parts) - from };
  });

/** Publishes `rate` per second for the round, due-time driven (as the reference server does). */
async function drive(publish: (index: number) => void, rate: number): Promise<number> {
  const start = performance.now();
  let index = 0;
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const due = Math.floor(((performance.now() - start) / 1000) * rate) + 1;
      for (; index < due; index += 1) publish(index);
      if (performance.now() - start >= ROUND_MS) {
        clearInterval(timer);
        resolve();
      }
    }, 5);
  });
  return (performance.now() - start) / 1000;
}

/** One round: reset the clients, run, let stragglers arrive, add the clients' figures to `into`. */
async function round(load: LoadGroup, into: Figures, run: () => Promise<number>): Promise<void> {
  await load.all({ cmd: 'reset' });
  const seconds = await run();
  await new Promise((resolve) => setTimeout(resolve, 300));
  const figures = await load.figures();
  into.deliveries += figures.deliveries;
  into.seconds += seconds;
  into.latenciesMs.push(...figures.latencies);
}

/** This process's resident set and JavaScript heap in bytes, after a collection. */
function memory(): { rss: number; heap: number } {
  collectGarbage();
  const usage = process.memoryUsage();
  return { rss: usage.rss, heap: usage.heapUsed };
}

const perConnectionKb = (before: number, after: number, count: number) => (after - before) / 1000 / count;

interface Hub {
  url: string;
  token: string;
  publish(channel: string, index: number): void;
  connections(): number;
}

interface Options {
  offered: number;
  rounds: number;
}

/** One size in one format: both servers' sockets open, then the two stages with alternating rounds. */
async function phase(hub: Hub, load: LoadGroup, size: number, protocol: Protocol, options: Options) {
  const rawServer = child('raw-server');
  const { port } = await rawServer.ask<{ port: number }>({ cmd: 'listen', protocol });
  const rawBefore = await rawServer.ask<{ rss: number; heap: number }>({ cmd: 'memory' });
  const parts = shares(size, load.members.length);
  await Promise.all(
    load.members.map((member, part) =>
      member.ask({
        cmd: 'open-raw',
        url: `ws://127.0.0.1:${port}`,
        protocol,
        groups: SPREAD,
        ...parts[part],
      }),
    ),
  );
  const rawAfter = await rawServer.ask<{ rss: number; heap: number }>({ cmd: 'memory' });
  memory();
  await new Promise((resolve) => setTimeout(resolve, 500));
  const hubBefore = memory();
  await Promise.all(
    load.members.map((member, part) => {
      const { from, count } = parts[part]!;
      const subscribers = Array.from({ length: count }, (_unused, offset) => ({
        token: hub.token,
        channels: ['bench:1', `bench:${2 + ((from + offset) % SPREAD)}`],
      }));
      return member.ask({ cmd: 'open-eluent', url: hub.url, protocol, subscribers });
    }),
  );
  const hubAfter = memory();

  const stages = [
    { name: `${size} subscribers on 1 channel`, groups: 1, rate: options.offered / size },
    {
      name: `${SPREAD} channels × ${size / SPREAD} subscribers`,
      groups: SPREAD,
      rate: options.offered / (size / SPREAD),
    },
  ];
  for (const stage of stages) {
    const raw: Figures = { deliveries: 0, seconds: 0, latenciesMs: [] };
    const ours: Figures = { deliveries: 0, seconds: 0, latenciesMs: [] };
    const runRaw = () =>
      round(load, raw, async () => {
        const answer = await rawServer.ask<{ seconds: number }>({
          cmd: 'drive',
          rate: stage.rate,
          groups: stage.groups,
          durationMs: ROUND_MS,
          padding: PADDING,
        });
        return answer.seconds;
      });
    const runHub = () =>
      round(load, ours, () =>
        drive(
          (index) => hub.publish(stage.groups === 1 ? 'bench:1' : `bench:${2 + (index % SPREAD)}`, index),
          stage.rate,
        ),
      );
    for (let index = 0; index < options.rounds; index += 1) {
      if (index % 2 === 0) await runRaw().then(runHub);
      else await runHub().then(runRaw);
    }
    const rawFigures = summary(raw);
    const ourFigures = summary(ours);
    const title = `${protocol.padEnd(8)} ${stage.name}, ${Math.round(stage.rate)} pubs/s`;
    console.log(`${title}\n  bare ws ${line(rawFigures)}\n  eluent  ${line(ourFigures)}`);
    console.log(
      `  ratio eluent / bare ws: deliveries ${(ourFigures.rate / rawFigures.rate).toFixed(2)}, p99 ${(ourFigures.p99 / rawFigures.p99).toFixed(2)}`,
    );
  }
  if (hub.connections() !== size)
    console.log(`  ${size - hub.connections()} subscribers were dropped as slow`);
  const kb = {
    rawRss: perConnectionKb(rawBefore.rss, rawAfter.rss, size),
    rawHeap: perConnectionKb(rawBefore.heap, rawAfter.heap, size),
    hubRss: perConnectionKb(hubBefore.rss, hubAfter.rss, size),
    hubHeap: perConnectionKb(hubBefore.heap, hubAfter.heap, size),
  };
  console.log(
    `  server memory per idle connection: bare ws RSS ${kb.rawRss.toFixed(1)} KB (heap ${kb.rawHeap.toFixed(1)} KB), eluent RSS ${kb.hubRss.toFixed(1)} KB (heap ${kb.hubHeap.toFixed(1)} KB, 2 subscriptions each)`,
  );
  await load.all({ cmd: 'close' });
  rawServer.exit();
  const deadline = Date.now() + 30_000;
  while (hub.connections() > 0 && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 100));
}

const option = (args: string[], name: string, fallback: string) =>
  args.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;

export async function run(args: string[]): Promise<void> {
  const sizes = option(args, 'sizes', '1000,10000').split(',').map(Number);
  const protocols = option(args, 'protocols', 'json,protobuf').split(',') as Protocol[];
  const options = {
    offered: Number(option(args, 'offered', '40000')),
    rounds: Number(option(args, 'rounds', '3')),
  };
  const load = loadGroup(Number(option(args, 'clients', '4')));
  const dataDir = mkdtempSync(join(tmpdir(), 'eluent-bench-'));
  const config = loadConfig({
    PORT: '0',
    ELUENT_DATA_DIR: dataDir,
    ELUENT_LOG_LEVEL: 'silent',
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
  });
  const { app, context } = await buildServer(config);
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    context.realtime.registerChannelAuthorizer('bench', async () => true);
    const { access } = await context.sessions.issue({ id: 1, email: 'bench@example.com' });
    const hub: Hub = {
      url: `ws://127.0.0.1:${(app.server.address() as { port: number }).port}/realtime/ws`,
      token: access,
      // The bench namespace is registered above; contracts type only the product's channels.
      publish: (channel, index) => void context.realtime.publish(channel as ChannelName, payload(index)),
      connections: () => context.realtime.connectionCount(),
    };
    console.log(
      `offered ${options.offered} deliveries/s per stage, ${options.rounds} rounds of ${ROUND_MS} ms each`,
    );
    for (const size of sizes) {
      for (const protocol of protocols) await phase(hub, load, size, protocol, options);
    }
  } finally {
    load.exit();
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
