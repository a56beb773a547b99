// Serves the built web app: static assets, and index.html for the app's client-side routes.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';

function findWebDir(config: Config): string | undefined {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [
    config.webDir,
    resolve(here, '../../../../web/dist'),
    resolve(here, '../../web/dist'),
    resolve(process.cwd(), 'apps/web/dist'),
  ];
  return candidates.find((dir): dir is string => !!dir && existsSync(join(dir, 'index.html')));
}

/** Paths the API and the links own: an unknown path under them answers the API's JSON 404, never the page. */
const apiPrefixes = ['/api/', '/hasura/', '/device/', '/connection/'];

/** Short addresses people type or bookmark for the account pages, and where the app has them. */
export const pageAliases: Readonly<Record<string, string>> = {
  '/sign-up': '/auth/sign-up/',
  '/signup': '/auth/sign-up/',
  '/register': '/auth/sign-up/',
  '/log-in': '/auth/login/',
  '/login': '/auth/login/',
  '/sign-in': '/auth/login/',
  '/signin': '/auth/login/',
  '/recover-password': '/auth/recover-password/',
};

/**
 * Whether a request nobody answered is a browser opening a page: GET or HEAD, asking for HTML, outside the
 * API's paths and not a file name (an asset that is missing stays a 404).
 */
export function wantsPage(method: string, path: string, accept: string | undefined): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (!accept?.includes('text/html')) return false;
  if (apiPrefixes.some((prefix) => path.startsWith(prefix) || `${path}/` === prefix)) return false;
  const last = path.split('/').pop() ?? '';
  return !/\.[a-z0-9]+$/i.test(last);
}

/**
 * Answers a browser's direct load of a path no route took: an alias goes to its page (308, the query kept),
 * any other path gets the app, whose router shows the page or its "not found" page (status 404).
 */
export type PageFallback = (request: FastifyRequest, reply: FastifyReply) => FastifyReply | undefined;

export async function registerWebApp(
  app: FastifyInstance,
  config: Config,
): Promise<PageFallback | undefined> {
  const webDir = findWebDir(config);
  if (!webDir) {
    app.log.warn('web app not built: only the API is served');
    return undefined;
  }
  await app.register(fastifyStatic, {
    root: webDir,
    prefix: '/',
    wildcard: false,
    index: false,
    cacheControl: false,
    // Assets come with .br and .gz copies made at build time (apps/web/compress.mjs).
    preCompressed: true,
    setHeaders: (response, path) => {
      void response.header(
        'cache-control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  const shareIndex = existsSync(join(webDir, 'share', 'index.html')) ? 'share/index.html' : 'index.html';
  const page = (file: string) => async (_request: unknown, reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').sendFile(file);
  app.get('/', page('index.html'));
  for (const prefix of ['/hardware', '/contact', '/auth', '/app']) {
    app.get(prefix, page('index.html'));
    app.get(`${prefix}/*`, page('index.html'));
  }
  app.get('/share', page(shareIndex));
  app.get('/share/*', async (request, reply) => {
    const path = request.url.split('?')[0]!;
    const file = path.replace(/^\/+/, '');
    if (existsSync(join(webDir, file)) && !file.endsWith('/')) return reply.sendFile(file);
    return reply.header('cache-control', 'no-cache').sendFile(shareIndex);
  });
  return (request, reply) => {
    const [path = '', query] = request.url.split('?');
    if (!wantsPage(request.method, path, request.headers.accept)) return undefined;
    const alias = pageAliases[path.replace(/\/+$/, '').toLowerCase()];
    if (alias) return reply.redirect(query ? `${alias}?${query}` : alias, 308);
    return reply.status(404).header('cache-control', 'no-cache').sendFile('index.html');
  };
}
