// The built server for browser tests: each Playwright worker starts its own on a copy of the run's migrated
// PGlite folder (global-setup.ts), with the demo account and fast simulators, on a free port.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { testTimeScale } from '../scripts/test-time.mjs';

export const ROOT = fileURLToPath(new URL('../', import.meta.url));
/** global-setup.ts hands the migrated PGlite folder to the workers through this variable. */
export const TEMPLATE_ENV = 'ELUENT_E2E_PGLITE_TEMPLATE';

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

/** A new data folder whose PGlite database is a copy of the run's migrated one. */
export function newDataDir(prefix = 'eluent-e2e-'): string {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const template = process.env[TEMPLATE_ENV];
  if (template && existsSync(template)) cpSync(template, join(dataDir, 'pgdata'), { recursive: true });
  return dataDir;
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/api/health/`)).ok;
  } catch {
    return false;
  }
}

/** Starts `apps/server/dist/main.js` and resolves once it answers health (rejects if it exits first). */
export async function startServer(
  port: number,
  dataDir: string,
  env: Record<string, string> = {},
  timeoutMs = 180_000,
): Promise<ChildProcess> {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ELUENT_DEMO: '1',
      ELUENT_SIMULATORS: '2',
      ELUENT_SIM_SPEED: '50',
      ELUENT_LOG_LEVEL: 'warn',
      ELUENT_RATE_LIMIT: '1000',
      // The access token lives its 5 minutes times the run's time scale, as every deadline of the tests: a
      // test that holds a token from the API for its whole length stretches with the machine too.
      ELUENT_ACCESS_TOKEN_LIFETIME_SEC: String(Math.round(300 * testTimeScale())),
      ...inherited,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      ELUENT_DATA_DIR: dataDir,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  while (!(await answers(url))) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before it answered`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer health within ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return child;
}

export async function stopServer(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

export function removeDataDir(dataDir: string): void {
  rmSync(dataDir, { recursive: true, force: true });
}
