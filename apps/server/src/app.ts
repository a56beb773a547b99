// The HTTP server: one error shape, the version header everywhere, request ids, modules registered in order
// over the services of the composition root; its background work starts when the server is ready.
import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { domainErrors } from '@eluent/contracts';
import type { Config } from './config.ts';
import { compose, type Composition } from './compose.ts';
import { isConnectionError } from './lib/connection-errors.ts';
import { isDataError } from './lib/data-errors.ts';
import { trustedHop } from './lib/client-address.ts';
import { AppError, lockRefusal } from './errors.ts';
import { csrfProtection } from './transports/http/csrf.ts';
import { registerJsonInput } from './transports/http/json-input.ts';
import { modules } from './transports/http/modules.ts';
import { registerRateLimits } from './transports/http/rate-limits.ts';
import { securityHeaders } from './transports/http/security-headers.ts';
import { closeQuietConnectionsWhileStopping } from './transports/http/stopping.ts';
import { registerWebApp, type PageFallback } from './transports/http/web.ts';

export interface Server {
  app: FastifyInstance;
  context: Composition;
  /** Every route registered, as Fastify saw it (`/api/sequences/:id/`); tests walk the write routes. */
  routes: Array<{ method: string; url: string }>;
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

export async function buildServer(config: Config): Promise<Server> {
  const app = Fastify({
    logger: { level: config.logLevel },
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // The client address and TLS come from X-Forwarded-* only through this many trusted proxies. A function,
    // because Fastify ignores X-Forwarded-Proto and -Host for a bare hop count.
    // Each hop is believed only from a proxy address (lib/client-address.ts).
    trustProxy: config.trustProxyHops > 0 ? trustedHop(config.trustProxyHops) : false,
  });

  const context = await compose(config, app.log);

  // While stopping, answers close their connection so keep-alive sockets do not hold the stop open.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  closeQuietConnectionsWhileStopping(app);
  // Hooks on every request take a callback rather than returning a promise: no promise and no microtask each.
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('version', config.version).header('x-request-id', request.id);
    done();
  });
  app.addHook('onSend', (_request, reply, _payload, done) => {
    if (closing) void reply.header('connection', 'close');
    done();
  });

  const knownRoutes: Array<{ pattern: RegExp; methods: Set<string> }> = [];
  const routes: Server['routes'] = [];
  app.addHook('onRoute', (route) => {
    const pattern = new RegExp(
      `^${route.url
        .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
        .replace(/::/g, ':')
        .replace(/\\?:[A-Za-z_]\w*/g, '[^/]+')
        .replace(/\/$/, '')}/?$`,
    );
    const methods = new Set((Array.isArray(route.method) ? route.method : [route.method]).map(String));
    knownRoutes.push({ pattern, methods });
    for (const method of methods) routes.push({ method, url: route.url });
  });

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).headers(error.headers).send(error.body);
    }
    const locked = lockRefusal(error);
    if (locked) return reply.status(locked.statusCode).send(locked.body);
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.status(429).send({ code: 'throttled', detail: domainErrors.throttled });
    if (status >= 400 && status < 500) {
      const code =
        error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? 'payload_too_large'
          : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? 'unsupported_media_type'
            : 'invalid';
      const detail =
        code === 'payload_too_large'
          ? domainErrors.payload_too_large
          : code === 'unsupported_media_type'
            ? domainErrors.unsupported_media_type
            : error.message || domainErrors.invalid;
      return reply.status(status).send({ code, detail });
    }
    if (isConnectionError(error)) {
      // PostgreSQL is gone for now (restart, failover): say so, and the availability probe takes over.
      context.database.availability.report(error);
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ code: 'database_unavailable', detail: domainErrors.database_unavailable });
    }
    if (isDataError(error)) {
      // A value the boundary checks let through but PostgreSQL refuses: the client's input, not our fault.
      request.log.warn({ err: error }, 'input refused by the database');
      return reply.status(400).send({ code: 'invalid', detail: domainErrors.invalid });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ code: 'server_error', detail: domainErrors.server_error });
  });

  // Set once the built web app is registered: a browser opening a path no route took gets the page.
  const web: { pageFallback?: PageFallback } = {};
  app.setNotFoundHandler((request, reply) => {
    const page = web.pageFallback?.(request, reply);
    if (page) return page;
    const path = request.url.split('?')[0] ?? '';
    const allowed = knownRoutes
      .filter((route) => route.pattern.test(path))
      .flatMap((route) => [...route.methods]);
    if (allowed.length > 0 && !allowed.includes(request.method)) {
      const allow = METHODS.filter((method) => allowed.includes(method)).join(', ');
      return reply
        .status(405)
        .header('allow', allow)
        .send({ code: 'method_not_allowed', detail: domainErrors.method_not_allowed });
    }
    return reply.status(404).send({ code: 'not_found', detail: domainErrors.not_found });
  });

  registerJsonInput(app);
  await app.register(securityHeaders, { sentryDsn: config.sentryDsn });
  // JSON answers and assets without a precompressed copy; below 1 KiB compression does not pay.
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });
  await app.register(cookie);
  await registerRateLimits(app, { redis: context.redis?.rateLimits, prefix: config.realtime.redisPrefix });
  await app.register(csrfProtection);
  for (const register of modules) await register(app, context.services, context.realtime);
  web.pageFallback = await registerWebApp(app, config);

  app.addHook('onReady', async () => {
    await context.start();
  });
  app.addHook('onClose', async () => {
    await context.close();
  });
  return { app, context, routes };
}
