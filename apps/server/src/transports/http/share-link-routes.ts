// Thin transport for share links: POST /api/share-tokens/ {object_type, object_id, expires_in_days?},
// GET /api/share-tokens/ (mine), DELETE /api/share-tokens/{id}/ (revoke).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../../services/index.ts';
import { pathId } from '../../lib/input.ts';
import { publicOrigin } from '../../lib/public-origin.ts';
import { requireActor } from './authenticate.ts';
import { objectBody } from './body.ts';

type WithId = { Params: { id: string } };

export async function shareLinkRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const { shareLinks, settings } = services;
  const originOf = (request: FastifyRequest) => publicOrigin(request.raw, settings.publicUrl);
  const user = async (request: FastifyRequest) => await requireActor(services, request);

  app.post('/api/share-tokens/', async (request, reply) =>
    reply
      .status(201)
      .send(await shareLinks.create(await user(request), objectBody(request.body), originOf(request))),
  );
  app.get('/api/share-tokens/', async (request) => shareLinks.list(await user(request), originOf(request)));
  app.delete<WithId>('/api/share-tokens/:id/', async (request, reply) => {
    await shareLinks.revoke(await user(request), pathId(request.params.id, 'share_token_not_found'));
    return reply.status(204).send();
  });
}
