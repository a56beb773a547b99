// The built server (`npm run build` first) on a migrated PGlite copy of its own, with Debian's chromium beside
// it, for the browser benchmarks (bench/web.bench.ts, bench/firstPage.ts). A second server of the same build
// can serve another build of the web app (`ELUENT_WEB_DIR`), the reference a page figure is compared with.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { freePort, ROOT, startServer, stopServer } from '../e2e/server.ts';

export const DEMO = { email: 'demo@eluent.dev', password: 'eluent-demo' };

/** One built server on a freshly migrated PGlite folder; `webDir` replaces the web app it serves. */
async function startBuilt(webDir?: string) {
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
  const server = await startServer(port, dir, webDir ? { ELUENT_WEB_DIR: webDir } : {});
  const stop = async () => {
    await stopServer(server);
    rmSync(dir, { recursive: true, force: true });
  };
  return { origin: `http://127.0.0.1:${port}`, stop };
}

/** A built web app's folder (with its index.html), resolved from the working directory. */
function webBuild(path: string): string {
  const dir = resolve(path);
  if (!existsSync(join(dir, 'index.html'))) throw new Error(`${dir} holds no built web app (index.html)`);
  return dir;
}

/**
 * Runs `use` with the origin of a freshly migrated built server and a chromium; stops both afterwards. With
 * `referenceWeb`, a second server serves that web build beside it and its origin is the third argument.
 */
export async function withBuiltServer<T>(
  use: (origin: string, browser: Browser, referenceOrigin?: string) => Promise<T>,
  referenceWeb?: string,
): Promise<T> {
  const main = await startBuilt();
  const reference = referenceWeb
    ? await startBuilt(webBuild(referenceWeb)).catch(async (error: unknown) => {
        await main.stop();
        throw error;
      })
    : undefined;
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    return await use(main.origin, browser, reference?.origin);
  } finally {
    await browser.close();
    await main.stop();
    await reference?.stop();
  }
}
