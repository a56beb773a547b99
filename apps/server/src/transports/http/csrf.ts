// CSRF protection where cookies could authenticate: the `csrftoken` cookie is issued to browsers, and an
// unsafe request that carries it without a bearer token must echo it in `X-CSRFToken` (double submit).
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { domainErrors } from '@eluent/contracts';
import { overTls } from './security-headers.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

async function plugin(app: FastifyInstance): Promise<void> {
  // A callback hook (no promise per request); a refusal answers without calling `done`.
  app.addHook('onRequest', (request, reply, done) => {
    const cookieToken = request.cookies.csrftoken;
    // Bearer-authenticated API clients never need the cookie; browsers get it on their first page load.
    if (!cookieToken && !request.headers.authorization) {
      void reply.setCookie('csrftoken', randomBytes(24).toString('hex'), {
        path: '/',
        sameSite: 'lax',
        httpOnly: false,
        // Behind TLS the cookie never travels over plain HTTP.
        secure: overTls(request),
        maxAge: 365 * 24 * 3600,
      });
    }
    if (
      !SAFE.has(request.method) &&
      cookieToken &&
      !request.headers.authorization &&
      request.url.startsWith('/api/') &&
      request.headers['x-csrftoken'] !== cookieToken
    ) {
      void reply.status(403).send({ code: 'csrf_failed', detail: domainErrors.csrf_failed });
      return;
    }
    done();
  });
}

export const csrfProtection = fp(plugin, { name: 'csrf' });
