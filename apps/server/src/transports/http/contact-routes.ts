// The public contact form: stored, then e-mailed to the team.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/index.ts';
import { objectBody } from './body.ts';

export async function contactRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const limited = {
    config: { rateLimit: { max: services.settings.authRateLimitPerMinute, timeWindow: '1 minute' } },
  };
  app.post('/api/contact/', limited, async (request, reply) =>
    reply.status(201).send(await services.contact.submit(objectBody(request.body))),
  );
}
