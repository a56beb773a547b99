// The built server (`npm run build` first) on a migrated PGlite copy of its own, with Debian's chromium beside
// it, for the browser benchmarks (bench/web.bench.ts, bench/firstPage.ts).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { freePort, ROOT, startServer, stopServer } from '../e2e/server.ts';

export const DEMO = { email: 'demo@eluent.dev', password: 'eluent-demo' };

/** Runs `use` with the origin of a freshly migrated built server and a chromium; stops both afterwards. */
export async function withBuiltServer<T>(use: (origin: string, browser: Browser) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'eluent-bench-web-'));
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const migrated = spawnSync(process.execPath, ['apps/server/dist/cli.js', 'migrate'], {
    cwd: ROOT,
    env: { ...inherited, ELUENT_DATA_DIR: dir, ELUENT_LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  if (migrated.status !== 0)
    throw new Error(`migrating failed (run \`npm run build\` first):\n${migrated.stderr}`);
  const port = await freePort();
  const server = await startServer(port, dir);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    return await use(`http://127.0.0.1:${port}`, browser);
  } finally {
    await browser.close();
    await stopServer(server);
    rmSync(dir, { recursive: true, force: true });
  }
}
