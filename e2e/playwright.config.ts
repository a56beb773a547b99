// Browser tier: the real server (built) driven in Debian's chromium. Test files run in parallel workers; each
// worker starts its own server on its own copy of the run's migrated PGlite folder (tests/fixtures.ts).
import { defineConfig } from '@playwright/test';
import { useMemoryTmpdir } from '../scripts/memory-tmpdir.mjs';
import { loadTimeScale, testTimeScale } from '../scripts/test-time.mjs';

// Temporary files (the database copies, data folders, browser profiles) in memory: docs/testing.md.
useMemoryTmpdir();
// Timeouts stretch by the run's time scale on a slower or busier machine (docs/testing.md "Slow machines").
// This tier starts after the web build, minutes into `npm test`: it takes the larger of the run's figure and
// the load now, and leaves it in the environment for its workers and their `scaled()` waits.
process.env.ELUENT_TEST_TIME_SCALE = String(Math.max(testTimeScale(), loadTimeScale()));
const scale = testTimeScale();

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  timeout: Math.round(60_000 * scale),
  // Three workers, each with a browser and a server, share the machine with the vitest run (scripts/test.mjs):
  // they mostly wait on simulated runs, so a third overlaps waits rather than competing for CPU (docs/testing.md).
  expect: { timeout: Math.round(10_000 * scale) },
  workers: Number(process.env.E2E_WORKERS ?? 3),
  // No test is retried to pass: E2E_RETRIES defaults to 0 here and in `npm test`, and there a test that passes
  // only on a retry (E2E_RETRIES set) is named as flaky and fails the run (scripts/test.mjs).
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
