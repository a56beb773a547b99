// Security headers on every answer: a Content-Security-Policy without inline script, no framing, no MIME
// sniffing, a referrer kept to the origin, and HSTS when the request came over TLS.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export interface SecurityHeadersOptions {
  /** SENTRY_DSN: its origin may receive error reports from the browser. */
  sentryDsn: string | undefined;
}

/** Google Identity Services: the sign-in button's script, its iframe, its stylesheet and its calls. */
const GOOGLE_SIGN_IN = 'https://accounts.google.com/gsi/';
const HSTS_MAX_AGE_SEC = 365 * 24 * 3600;

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * The policy of every page. Inline styles stay allowed: React's `style` props, uPlot, tippy and
 * react-toastify set element styles, which `style-src` governs; no inline or evaluated script runs.
 */
export function contentSecurityPolicy(options: SecurityHeadersOptions): string {
  const connect = ["'self'", GOOGLE_SIGN_IN, originOf(options.sentryDsn)].filter(Boolean).join(' ');
  return [
    "default-src 'self'",
    `script-src 'self' ${GOOGLE_SIGN_IN}client`,
    `style-src 'self' 'unsafe-inline' ${GOOGLE_SIGN_IN}style`,
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${connect}`,
    `frame-src ${GOOGLE_SIGN_IN}`,
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Whether the request reached us over TLS (directly, or through a trusted proxy's X-Forwarded-Proto). */
export function overTls(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}

async function plugin(app: FastifyInstance, options: SecurityHeadersOptions): Promise<void> {
  const policy = contentSecurityPolicy(options);
  app.addHook('onRequest', (request, reply, done) => {
    void reply
      .header('content-security-policy', policy)
      .header('x-frame-options', 'DENY')
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'strict-origin-when-cross-origin')
      .header('cross-origin-opener-policy', 'same-origin-allow-popups');
    if (overTls(request)) {
      void reply.header('strict-transport-security', `max-age=${HSTS_MAX_AGE_SEC}; includeSubDomains`);
    }
    done();
  });
}

export const securityHeaders = fp(plugin, { name: 'security-headers' });
