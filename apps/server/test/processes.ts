// Medium-test helpers for separate Node processes: a free port, a TypeScript entry point started as its own
// process (ready once a line of its output matches), and stopping one (waits: ./eventually.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { withoutDatabaseUrl } from './harness.ts';

export const ROOT = new URL('../../../', import.meta.url).pathname;

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

export interface StartedProcess {
  child: ChildProcess;
  ready: Promise<void>;
  exited: Promise<number | null>;
  output(): string;
}

/** Starts a TypeScript entry point as its own Node process and waits for a line of its output. */
export function startProcess(
  entry: string,
  args: string[],
  env: Record<string, string>,
  readyLine: RegExp,
): StartedProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, entry), ...args], {
    cwd: ROOT,
    // Each case names its own database: an inherited DATABASE_URL must not turn the PGlite case into PostgreSQL.
    env: { ...withoutDatabaseUrl(process.env), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (data: Buffer) => {
      output += data.toString();
      if (readyLine.test(output)) resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) =>
      reject(new Error(`${entry} exited (${code}) before it was ready:\n${output}`)),
    );
  });
  return { child, ready, exited, output: () => output };
}

export async function stopProcess(child: ChildProcess, exited: Promise<unknown>, signal: NodeJS.Signals) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill(signal);
  await exited;
}
