// Two tiers run by vitest: small (unit, no I/O beyond files) and medium (real database, real sockets).
// The browser tier runs with Playwright (e2e/playwright.config.ts).
import { defineConfig } from 'vitest/config';

const exclude = ['**/node_modules/**', '**/dist/**', 'e2e/**'];

export default defineConfig({
  test: {
    // Medium suites mostly wait (simulated instruments, timers, child processes): more workers than cores.
    maxWorkers: Number(process.env.ELUENT_TEST_WORKERS ?? 2),
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/*/src/**/*.test.{ts,tsx}',
            'packages/*/test/**/*.test.ts',
          ],
          exclude: [...exclude, '**/*.medium.test.ts'],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'medium',
          include: ['**/*.medium.test.ts'],
          exclude,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          globalSetup: ['apps/server/test/global-setup.ts'],
        },
      },
    ],
  },
});
