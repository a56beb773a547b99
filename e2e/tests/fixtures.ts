// Every browser test imports `test` from here: each Playwright worker runs its own server on its own
// database (a copy of the run's migrated one), and `baseURL` points the page and `request` at it.
import { test as base } from '@playwright/test';
import { freePort, newDataDir, removeDataDir, startServer, stopServer } from '../server.ts';
import { testTimeScale } from '../../scripts/test-time.mjs';

export { expect, type APIRequestContext, type Page, type Response, type TestInfo } from '@playwright/test';

/** `ms` of the development machine on this run's machine (docs/testing.md "Slow machines"). */
export const scaled = (ms: number): number => Math.round(ms * testTimeScale());

/** helpers.ts finds the worker's data folder (its e-mail outbox) through this variable. */
export const DATA_DIR_ENV = 'ELUENT_E2E_DATA_DIR';

interface WorkerServer {
  url: string;
  dataDir: string;
}

export const test = base.extend<object, { workerServer: WorkerServer }>({
  workerServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const dataDir = newDataDir();
      const port = await freePort();
      const child = await startServer(port, dataDir);
      process.env[DATA_DIR_ENV] = dataDir;
      try {
        await use({ url: `http://127.0.0.1:${port}`, dataDir });
      } finally {
        await stopServer(child);
        removeDataDir(dataDir);
      }
    },
    { scope: 'worker', auto: true, timeout: scaled(240_000) },
  ],
  baseURL: async ({ workerServer }, use) => use(workerServer.url),
});
