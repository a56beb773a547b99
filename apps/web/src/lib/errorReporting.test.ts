import { describe, expect, it, vi } from 'vitest';
import { updateRateLimits } from '@sentry/core';
import {
  DEFAULT_RETRY_BACKOFF_MS,
  REPORT_LEVELS,
  errorReportingEnabled,
  reportError,
  reportingOptions,
  startErrorReporting,
} from './errorReporting.ts';
import { CLIENT_VERSION } from './constants.ts';
import { jsonResponse, scriptedFetch } from '../test/fakes.ts';

function fakeSdk() {
  return {
    init: vi.fn(),
    captureException: vi.fn(),
    captureMessage: vi.fn(),
    browserTracingIntegration: vi.fn((options: object) => ({ name: 'BrowserTracing', options })),
  };
}

describe('error reporting (spec §9)', () => {
  it('loads and initialises nothing without a DSN', async () => {
    const sdk = fakeSdk();
    const loadSdk = vi.fn(async () => sdk as never);
    const { fetch, calls } = scriptedFetch(() => jsonResponse(200, { sentry_dsn: null }));
    await expect(startErrorReporting({ buildDsn: '', fetchFn: fetch, loadSdk })).resolves.toBe(false);
    expect(calls[0]!.url).toBe('/api/client-config/');
    expect(loadSdk).not.toHaveBeenCalled();
    expect(errorReportingEnabled()).toBe(false);
    reportError(new Error('kept local'));
    expect(sdk.captureException).not.toHaveBeenCalled();
  });

  it('stays off when the server cannot be asked', async () => {
    const loadSdk = vi.fn();
    const offline = (() => Promise.reject(new TypeError('offline'))) as typeof fetch;
    await expect(startErrorReporting({ buildDsn: '', fetchFn: offline, loadSdk })).resolves.toBe(false);
    expect(loadSdk).not.toHaveBeenCalled();
  });

  it("initialises with the spec's options when the server has a DSN", async () => {
    const sdk = fakeSdk();
    const { fetch } = scriptedFetch(() => jsonResponse(200, { sentry_dsn: 'https://key@sentry.example/1' }));
    await expect(
      startErrorReporting({ buildDsn: '', fetchFn: fetch, loadSdk: async () => sdk as never }),
    ).resolves.toBe(true);
    const options = sdk.init.mock.calls[0]![0];
    expect(options).toMatchObject({
      dsn: 'https://key@sentry.example/1',
      release: CLIENT_VERSION,
      environment: 'test',
      transportOptions: { bufferSize: 30 },
      replaysSessionSampleRate: 0,
      replaysOnErrorSampleRate: 0,
    });
    expect(sdk.browserTracingIntegration).toHaveBeenCalledWith({ idleTimeout: 2000 });
    expect(options.integrations).toHaveLength(1);
    expect(REPORT_LEVELS).toEqual(['debug', 'info', 'warning', 'fatal']);
    const error = new Error('sent');
    reportError(error, { status: 408 });
    expect(sdk.captureException).toHaveBeenCalledWith(error, { extra: { status: 408 } });
  });

  it('prefers the build-time DSN without asking the server', async () => {
    const { fetch, calls } = scriptedFetch(() => jsonResponse(200, {}));
    const sdk = fakeSdk();
    await startErrorReporting({
      buildDsn: 'https://build@sentry.example/2',
      fetchFn: fetch,
      loadSdk: async () => sdk as never,
    });
    expect(calls).toHaveLength(0);
    expect(reportingOptions(sdk as never, 'https://build@sentry.example/2').dsn).toBe(
      'https://build@sentry.example/2',
    );
  });
});

it('backs off 60 s after a rate-limited answer without a retry-after header (SDK default)', () => {
  const limits = updateRateLimits(
    {},
    { statusCode: 429, headers: { 'x-sentry-rate-limits': null, 'retry-after': null } },
    1_000,
  );
  expect(limits.all).toBe(1_000 + DEFAULT_RETRY_BACKOFF_MS);
  expect(DEFAULT_RETRY_BACKOFF_MS).toBe(60_000);
});
