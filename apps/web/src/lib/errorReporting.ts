// Error reporting (spec §9): events leave the browser only when a DSN is configured, either at build time
// (VITE_SENTRY_DSN) or by the server (SENTRY_DSN, read from GET /api/client-config/). The SDK is loaded
// on demand, so pages without a DSN never download it.
import type * as SentryBrowser from '@sentry/browser';
import type { BrowserOptions, SeverityLevel } from '@sentry/browser';
import { CLIENT_VERSION } from './constants.ts';

export const SPAN_TIMEOUT_MS = 2_000;
export const TRANSPORT_BUFFER_SIZE = 30;
/** The SDK's own default wait after a rate-limited answer without a retry-after header. */
export const DEFAULT_RETRY_BACKOFF_MS = 60_000;
/** The levels the app reports messages with (errors go through `reportError`). */
export const REPORT_LEVELS = [
  'debug',
  'info',
  'warning',
  'fatal',
] as const satisfies readonly SeverityLevel[];
export type ReportLevel = (typeof REPORT_LEVELS)[number];

type Sdk = Pick<
  typeof SentryBrowser,
  'init' | 'captureException' | 'captureMessage' | 'browserTracingIntegration'
>;

const env = import.meta.env as Record<string, unknown>;
const BUILD_DSN = typeof env.VITE_SENTRY_DSN === 'string' ? env.VITE_SENTRY_DSN : '';
const APP_MODE = typeof env.MODE === 'string' ? env.MODE : 'production';

/** The SDK options of spec §9 for one DSN. */
export function reportingOptions(sdk: Pick<Sdk, 'browserTracingIntegration'>, dsn: string): BrowserOptions {
  return {
    dsn,
    release: CLIENT_VERSION,
    environment: APP_MODE,
    transportOptions: { bufferSize: TRANSPORT_BUFFER_SIZE },
    integrations: [sdk.browserTracingIntegration({ idleTimeout: SPAN_TIMEOUT_MS })],
    // Session replay stays off: no replay integration, no replay sampling.
    replaysSessionSampleRate: 0,
    replaysOnErrorSampleRate: 0,
  };
}

/** The build-time DSN, else the server's; empty when neither is set or the server cannot be asked. */
export async function configuredDsn(buildDsn: string, fetchFn: typeof fetch): Promise<string> {
  if (buildDsn) return buildDsn;
  try {
    const response = await fetchFn('/api/client-config/', { credentials: 'omit' });
    if (!response.ok) return '';
    const body = (await response.json()) as { sentry_dsn?: unknown };
    return typeof body.sentry_dsn === 'string' ? body.sentry_dsn : '';
  } catch {
    return '';
  }
}

let sdk: Sdk | null = null;

/** Loads and initialises the SDK when a DSN is configured; returns whether reporting is on. */
export async function startErrorReporting({
  buildDsn = BUILD_DSN,
  fetchFn = fetch,
  loadSdk = () => import('@sentry/browser'),
}: { buildDsn?: string; fetchFn?: typeof fetch; loadSdk?: () => Promise<Sdk> } = {}): Promise<boolean> {
  const dsn = await configuredDsn(buildDsn, fetchFn);
  if (!dsn) return false;
  const loaded = await loadSdk();
  loaded.init(reportingOptions(loaded, dsn));
  sdk = loaded;
  return true;
}

export function errorReportingEnabled(): boolean {
  return sdk !== null;
}

export function reportError(error: Error, context: Record<string, unknown> = {}): void {
  sdk?.captureException(error, { extra: context });
}

export function reportMessage(text: string, level: ReportLevel): void {
  sdk?.captureMessage(text, level);
}
