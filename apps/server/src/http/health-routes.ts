import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';

export async function healthRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  app.get('/api/health/', async (_request, reply) => {
    try {
      await sql`select 1`.execute(context.database.db);
      return { status: 'ok' };
    } catch {
      return reply.status(503).send({ status: 'unavailable', detail: 'Database is not reachable.' });
    }
  });

  // Public settings the browser reads at start: the error-reporting DSN is a runtime setting (SENTRY_DSN).
  app.get('/api/client-config/', async () => ({ sentry_dsn: context.config.sentryDsn ?? null }));
}
