// A Redis server of the test's own on a free port, so a test can stop it (an outage) and start it again on
// the same port. No persistence: a restarted server is empty, as after a crash without a dump.
import { spawn, type ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { eventually } from './eventually.ts';
import { freePort } from './processes.ts';

export interface OwnRedis {
  url: string;
  /** Stops the server (SIGKILL: an outage, not a tidy shutdown) and waits until it has exited. */
  stop(): Promise<void>;
  /** Starts it again on the same port and waits until it answers. */
  start(): Promise<void>;
  readonly running: boolean;
}

async function answers(url: string): Promise<boolean> {
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();
  const start = async () => {
    const started = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    child = started;
    exited = new Promise((resolve) => started.once('exit', () => resolve()));
    await eventually(() => answers(url), { what: `redis-server on port ${port}`, deadline: 10_000 });
  };
  await start();
  return {
    url,
    start,
    async stop() {
      const running = child;
      child = null;
      if (!running || running.exitCode !== null) return;
      running.kill('SIGKILL');
      await exited;
    },
    get running() {
      return child !== null;
    },
  };
}
