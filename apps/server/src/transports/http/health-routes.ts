import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { domainErrors } from '@eluent/contracts';

export async function healthRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { availability } = context.database;
  const down = { status: 'unavailable', database: 'down', detail: domainErrors.database_unavailable };

  // 200 `{status: 'ok', database: 'up'}`, or 503 with `database: 'down'` while PostgreSQL is unreachable
  // (the process keeps running and retries; load balancers take it out of rotation meanwhile).
  app.get('/api/health/', async (_request, reply) => {
    if (!availability.up) return reply.status(503).send(down);
    try {
      await sql`select 1`.execute(context.database.db);
      return { status: 'ok', database: 'up' };
    } catch (error) {
      availability.report(error);
      return reply.status(503).send(down);
    }
  });

  // Public settings the browser reads at start: the error-reporting DSN is a runtime setting (SENTRY_DSN).
  app.get('/api/client-config/', async () => ({ sentry_dsn: context.config.sentryDsn ?? null }));
}
