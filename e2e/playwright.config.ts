// Browser tier: the real server (built) driven in Debian's chromium. Test files run in parallel workers; each
// worker starts its own server on its own copy of the run's migrated PGlite folder (tests/fixtures.ts).
import { defineConfig } from '@playwright/test';
import { useMemoryTmpdir } from '../scripts/memory-tmpdir.mjs';

// Temporary files (the database copies, data folders, browser profiles) in memory: docs/testing.md.
useMemoryTmpdir();

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  timeout: 60_000,
  // Three workers, each with a browser and a server, share the machine with the vitest run (scripts/test.mjs):
  // they mostly wait on simulated runs, so a third overlaps waits rather than competing for CPU (docs/testing.md).
  expect: { timeout: 10_000 },
  workers: Number(process.env.E2E_WORKERS ?? 3),
  // `npm test` retries a failed test once (E2E_RETRIES=1, scripts/test.mjs): one that then passes is reported
  // as flaky by name (the list reporter's closing lines and the run's summary) instead of failing the run
  // unexplained; a test that fails twice fails the run. Run directly, a test is not retried.
  retries: Number(process.env.E2E_RETRIES ?? 0),
  reporter: [['list'], ['json']],
  outputDir: '../test-results/e2e',
  use: {
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
