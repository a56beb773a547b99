// The server process as `npm start` runs it: ready line, graceful stop on SIGTERM with in-flight work finished.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { newDataDir, withoutDatabaseUrl } from '../test/harness.ts';

const mainFile = new URL('./main.ts', import.meta.url).pathname;

function startProcess(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', mainFile], {
    // The process runs on its own PGlite folder whatever DATABASE_URL the test run has.
    env: { ...withoutDatabaseUrl(process.env), PORT: '0', ELUENT_LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const waiters: Array<{ pattern: RegExp; resolve: (match: RegExpMatchArray) => void }> = [];
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const waiter of [...waiters]) {
      const match = output.match(waiter.pattern);
      if (match) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(match);
      }
    }
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    exited,
    output: () => output,
    waitFor: (pattern: RegExp) =>
      new Promise<RegExpMatchArray>((resolve) => {
        const match = output.match(pattern);
        if (match) resolve(match);
        else waiters.push({ pattern, resolve });
      }),
  };
}

/** The process compiles the server's TypeScript on start (tsx): give room on a loaded machine. */
const PROCESS_TEST_TIMEOUT_MS = 120_000;

describe('server process', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  it('refuses invalid configuration with a clear message and exit code 2', async () => {
    const server = startProcess({ PORT: 'not-a-port' });
    expect(await server.exited).toBe(2);
    expect(server.output()).toContain('Invalid configuration');
    expect(server.output()).toContain('PORT');
  });

  it('prints the ready line, and on SIGTERM finishes the request in flight before exiting', async () => {
    const dataDir = newDataDir({ prefix: 'eluent-process-' });
    try {
      const server = startProcess({ ELUENT_DATA_DIR: dataDir, HOST: '127.0.0.1' });
      const [, url] = await server.waitFor(/Eluent listening on (http:\/\/127\.0\.0\.1:\d+)/);
      const signUp = fetch(`${url}/api/accounts/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'inflight@example.com', password: 'long password' }),
      });
      await server.waitFor(/"url":"\/api\/accounts\/"[^\n]*"msg":"incoming request"/);
      server.child.kill('SIGTERM');
      const response = await signUp;
      expect(response.status).toBe(201);
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain('stopping: finishing in-flight requests');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
