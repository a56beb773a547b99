// Serves the built web app: static assets, and index.html for the app's client-side routes.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
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

export async function registerWebApp(app: FastifyInstance, config: Config): Promise<void> {
  const webDir = findWebDir(config);
  if (!webDir) {
    app.log.warn('web app not built: only the API is served');
    return;
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
}
