// Two tiers run by vitest: small (unit, no I/O beyond files) and medium (real database, real sockets).
// The browser tier runs with Playwright (e2e/playwright.config.ts).
import { defineConfig } from 'vitest/config';
import { useMemoryTmpdir } from './scripts/memory-tmpdir.mjs';
import { maxTimeScale, testTimeScale } from './scripts/test-time.mjs';

// Temporary files (database copies, data folders) in memory: docs/testing.md "Temporary files in memory".
useMemoryTmpdir();
// Timeouts are for hangs: on a slower or busier machine than the development one they stretch by the run's
// time scale (fewer cores, load), and so do the tests' `eventually` deadlines (docs/testing.md "Slow machines").
const scale = testTimeScale();
const timeout = (ms: number) => Math.round(ms * scale);
// A medium test waits through `eventually`, whose deadlines stretch with the load when each wait begins (up
// to the largest factor): its own timeout, a backstop for a hang outside those waits, takes that largest
// factor, so it never ends a test whose waits were still within their deadlines.
const backstop = (ms: number) => Math.round(ms * maxTimeScale());

const exclude = ['**/node_modules/**', '**/dist/**', 'e2e/**'];
const unitFiles = [
  'packages/*/src/**/*.test.ts',
  'apps/*/src/**/*.test.{ts,tsx}',
  'packages/*/test/**/*.test.ts',
];
/** Unit files that mock a module (vi.mock): run in a process of their own. */
const ownProcess = ['apps/web/src/lib/toast.test.ts'];

export default defineConfig({
  test: {
    // Medium suites mostly wait (simulated instruments, timers, child processes): more workers than cores
    // (docs/testing.md).
    maxWorkers: Number(process.env.ELUENT_TEST_WORKERS ?? 2),
    projects: [
      {
        test: {
          name: 'unit',
          include: unitFiles,
          exclude: [...exclude, '**/*.medium.test.ts', ...ownProcess],
          testTimeout: timeout(20_000),
          // The unit files share their worker's process and module cache instead of a fresh process each:
          // they keep no state between files, and a process per file cost about three times the CPU of the
          // tests themselves (docs/testing.md).
          isolate: false,
        },
      },
      {
        // A file that replaces a module (vi.mock) keeps a process of its own: the replacement must not leak
        // into the files after it.
        test: {
          name: 'unit-isolated',
          include: ownProcess,
          exclude,
          testTimeout: timeout(20_000),
        },
      },
      {
        test: {
          name: 'medium',
          include: ['**/*.medium.test.ts'],
          exclude,
          testTimeout: backstop(60_000),
          hookTimeout: backstop(120_000),
          globalSetup: ['apps/server/test/global-setup.ts'],
          // The medium files share their worker's process too: each still starts its own servers on its own
          // database copy, ports and data folder, and a process per file (the server's modules imported
          // afresh each time) about doubled the tier's time on this machine (docs/testing.md).
          isolate: false,
        },
      },
    ],
  },
});
