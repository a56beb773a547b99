// Error reporting (spec §9): events leave the browser only when a DSN is configured at build time.

const configured: unknown = (import.meta.env as Record<string, unknown>).VITE_SENTRY_DSN;
const DSN = typeof configured === 'string' ? configured : '';

export const errorReportingEnabled = DSN !== '';

export function reportError(error: Error, context: Record<string, unknown> = {}): void {
  if (!errorReportingEnabled) return;
  // No reporting SDK is bundled; the event is kept to the console until a DSN-backed transport is added.
  console.error('[error report]', error.message, context);
}
