// Thin transport for accounts and sessions (spec §7 REST): parse, call the service, answer.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/index.ts';
import { publicOrigin } from '../../lib/public-origin.ts';
import { requireUser } from './authenticate.ts';
import { objectBody } from './body.ts';

export async function accountsRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const { accounts, settings } = services;
  const limited = { config: { rateLimit: { max: settings.authRateLimitPerMinute, timeWindow: '1 minute' } } };

  app.post('/api/token/', limited, async (request) => accounts.signIn(objectBody(request.body)));
  app.post('/api/token/refresh/', async (request) => accounts.refresh(objectBody(request.body)));
  app.post('/api/token/logout/', async (request, reply) => {
    await accounts.logout(objectBody(request.body));
    return reply.status(204).send();
  });
  app.post('/api/accounts/', limited, async (request, reply) =>
    reply
      .status(201)
      .send(await accounts.signUp(objectBody(request.body), publicOrigin(request.raw, settings.publicUrl))),
  );
  app.post('/api/accounts/::recover-password/', limited, async (request) =>
    accounts.recoverPassword(objectBody(request.body), publicOrigin(request.raw, settings.publicUrl)),
  );
  app.get('/api/accounts/::check-reset-password/', limited, async (request) =>
    accounts.checkResetCode((request.query as Record<string, unknown>).code),
  );
  app.post('/api/accounts/::reset-password/', limited, async (request) =>
    accounts.resetPassword(objectBody(request.body)),
  );
  app.get('/api/accounts/me/', async (request) => accounts.me((await requireUser(services, request)).id));
  app.patch('/api/accounts/me/', async (request) =>
    accounts.updateMe((await requireUser(services, request)).id, objectBody(request.body)),
  );
  app.get('/api/google_signin/client_id/', async () => accounts.googleClientId());
  app.post('/api/accounts/::google_signin/', limited, async (request) =>
    accounts.googleSignIn(objectBody(request.body)),
  );
}
