// `npm run bench -- realtime`: fan-out of the realtime hub against a bare `ws` server doing the same work, in
// JSON and in protobuf, at 1,000 and 10,000 subscribers: every subscriber on one channel, and the same
// subscribers spread over 100 channels. Options: --sizes=1000,10000 --protocols=json,protobuf
// --offered=40000 (deliveries/s offered in every stage) --rounds=3 --clients=4 (load processes)
// --profile=<dir> (V8 CPU profiles of the load and reference processes there; run the bench itself under
// `node --cpu-prof` for the hub's).
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
/** Time after a round for late deliveries to arrive. */
const GRACE_MS = 300;
const PADDING = 'x'.repeat(90);
/** Channels of the spread stage; subscriber i listens to `bench:1` and to `bench:{2 + i % 100}`. */
const SPREAD = 100;

interface Figures {
  deliveries: number;
  seconds: number;
  rounds: number;
  latenciesMs: number[];
  /** For each timer tick that published: from the tick's start until its frames were written, ms. */
  writeMs: number[];
  /** CPU time of the server's process over the rounds (user + system), from the run's start to its end + 300 ms. */
  serverCpuMs: number;
  /** CPU time of the load processes together over the same spans. */
  clientsCpuMs: number;
}

const noFigures = (): Figures => ({
  deliveries: 0,
  seconds: 0,
  rounds: 0,
  latenciesMs: [],
  writeMs: [],
  serverCpuMs: 0,
  clientsCpuMs: 0,
});

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
}

function summary(figures: Figures) {
  const sorted = [...figures.latenciesMs].sort((a, b) => a - b);
  const writes = [...figures.writeMs].sort((a, b) => a - b);
  return {
    rate: figures.deliveries / figures.seconds,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    writeP50: percentile(writes, 0.5),
    writeP99: percentile(writes, 0.99),
    cpuUsPerDelivery: (figures.serverCpuMs * 1000) / figures.deliveries,
    serverShare: figures.serverCpuMs / (figures.seconds * 1000 + figures.rounds * GRACE_MS),
    clientsShare: figures.clientsCpuMs / (figures.seconds * 1000 + figures.rounds * GRACE_MS),
  };
}

const percent = (share: number) => `${Math.round(share * 100)} %`;

const cpuLine = (figures: ReturnType<typeof summary>) =>
  `a tick's publications written in p50 ${figures.writeP50.toFixed(1)} ms, p99 ${figures.writeP99.toFixed(1)} ms; server CPU ${figures.cpuUsPerDelivery.toFixed(1)} µs/delivery (${percent(figures.serverShare)} of a core), load processes ${percent(figures.clientsShare)}`;

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

let forks = 0;

/** A child of bench/realtime-load.ts in `role`, answering one message per command. */
function child(role: 'clients' | 'raw-server', profileDir: string | undefined) {
  const script = fileURLToPath(new URL('./realtime-load.ts', import.meta.url));
  forks += 1;
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${join(profileDir, `${role}-${forks}`)}`] : [];
  const proc = fork(script, [role], { execArgv: ['--import', 'tsx', '--expose-gc', ...profile] });
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
function loadGroup(count: number, profileDir: string | undefined) {
  const members = Array.from({ length: count }, () => child('clients', profileDir));
  const all = <T>(command: Record<string, unknown>) =>
    Promise.all(members.map((member) => member.ask<T>(command)));
  return {
    members,
    all,
    async figures(): Promise<{ deliveries: number; latencies: number[]; cpuMs: number }> {
      const reports = await all<{ deliveries: number; latencies: number[]; cpuMs: number }>({
        cmd: 'report',
      });
      return {
        deliveries: reports.reduce((sum, report) => sum + report.deliveries, 0),
        latencies: reports.flatMap((report) => report.latencies),
        cpuMs: reports.reduce((sum, report) => sum + report.cpuMs, 0),
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

/**
 * Publishes `rate` per second for the round, due-time driven (as the reference server does). `writeMs` gets,
 * for each tick that published, the time until its frames were written: the hub writes a socket's later
 * frames of one turn at the turn's end (write-turns.ts), so the tick is timed from a `nextTick` queued after
 * that flush.
 */
async function drive(publish: (index: number) => void, rate: number, writeMs: number[]): Promise<number> {
  const start = performance.now();
  let index = 0;
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const tickStart = performance.now();
      const due = Math.floor(((tickStart - start) / 1000) * rate) + 1;
      const publishes = index < due;
      for (; index < due; index += 1) publish(index);
      if (publishes) process.nextTick(() => writeMs.push(performance.now() - tickStart));
      if (performance.now() - start >= ROUND_MS) {
        clearInterval(timer);
        resolve();
      }
    }, 5);
  });
  return (performance.now() - start) / 1000;
}

/** CPU time of this process so far, ms. */
function cpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

/**
 * One round: reset the clients, run, let stragglers arrive, add the clients' figures to `into`. `serverCpu`
 * reads the server process's CPU time (ms) before the run and after the stragglers.
 */
async function round(
  load: LoadGroup,
  into: Figures,
  serverCpu: () => Promise<number>,
  run: (writeMs: number[]) => Promise<number>,
): Promise<void> {
  await load.all({ cmd: 'reset' });
  const cpuBefore = await serverCpu();
  const seconds = await run(into.writeMs);
  await new Promise((resolve) => setTimeout(resolve, GRACE_MS));
  into.serverCpuMs += (await serverCpu()) - cpuBefore;
  const figures = await load.figures();
  into.deliveries += figures.deliveries;
  into.seconds += seconds;
  into.rounds += 1;
  into.latenciesMs.push(...figures.latencies);
  into.clientsCpuMs += figures.cpuMs;
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
  profile: string | undefined;
}

/** One size in one format: both servers' sockets open, then the two stages with alternating rounds. */
async function phase(hub: Hub, load: LoadGroup, size: number, protocol: Protocol, options: Options) {
  const rawServer = child('raw-server', options.profile);
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
    const raw = noFigures();
    const ours = noFigures();
    const rawCpu = async () => (await rawServer.ask<{ cpuMs: number }>({ cmd: 'cpu' })).cpuMs;
    const runRaw = () =>
      round(load, raw, rawCpu, async (writeMs) => {
        const answer = await rawServer.ask<{ seconds: number; writeMs: number[] }>({
          cmd: 'drive',
          rate: stage.rate,
          groups: stage.groups,
          durationMs: ROUND_MS,
          padding: PADDING,
        });
        writeMs.push(...answer.writeMs);
        return answer.seconds;
      });
    const runHub = () =>
      round(
        load,
        ours,
        async () => cpuMs(),
        (writeMs) =>
          drive(
            (index) => hub.publish(stage.groups === 1 ? 'bench:1' : `bench:${2 + (index % SPREAD)}`, index),
            stage.rate,
            writeMs,
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
      `  ratio eluent / bare ws: deliveries ${(ourFigures.rate / rawFigures.rate).toFixed(2)}, p99 ${(ourFigures.p99 / rawFigures.p99).toFixed(2)}, server CPU per delivery ${(ourFigures.cpuUsPerDelivery / rawFigures.cpuUsPerDelivery).toFixed(2)}`,
    );
    console.log(`  bare ws ${cpuLine(rawFigures)}\n  eluent  ${cpuLine(ourFigures)}`);
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
    profile: args.find((arg) => arg.startsWith('--profile='))?.split('=')[1],
  };
  const load = loadGroup(Number(option(args, 'clients', '4')), options.profile);
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
