import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/index.ts';
import { domainErrors } from '@eluent/contracts';

export async function healthRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const down = { status: 'unavailable', database: 'down', detail: domainErrors.database_unavailable };

  // 200 `{status: 'ok', database: 'up'}`, or 503 with `database: 'down'` while PostgreSQL is unreachable
  // (the process keeps running and retries; load balancers take it out of rotation meanwhile).
  app.get('/api/health/', async (_request, reply) => {
    if (await services.health.databaseUp()) return { status: 'ok', database: 'up' };
    return reply.status(503).send(down);
  });

  // Public settings the browser reads at start: the error-reporting DSN is a runtime setting (SENTRY_DSN).
  app.get('/api/client-config/', async () => ({ sentry_dsn: services.settings.sentryDsn ?? null }));
}
