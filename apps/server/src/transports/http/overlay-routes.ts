// Thin transport for saved overlays: GET/POST /api/overlays/, GET/PATCH/DELETE /api/overlays/{id}/.
// GET of one overlay also takes a visitor token of a share link naming it (docs/overlays.md).
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/index.ts';
import { pathId } from '../../lib/input.ts';
import { requireActor } from './authenticate.ts';
import { objectBody } from './body.ts';
import { requireReader } from './reader.ts';

type WithId = { Params: { id: string } };

export async function overlayRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const { overlays } = services;
  const idOf = (request: { params: { id: string } }) => pathId(request.params.id, 'overlay_not_found');
  app.get('/api/overlays/', async (request) => overlays.list(await requireActor(services, request)));
  app.post('/api/overlays/', async (request, reply) =>
    reply
      .status(201)
      .send(await overlays.create(await requireActor(services, request), objectBody(request.body))),
  );
  app.get<WithId>('/api/overlays/:id/', async (request) =>
    overlays.get(await requireReader(services, request), idOf(request)),
  );
  app.patch<WithId>('/api/overlays/:id/', async (request) =>
    overlays.rename(await requireActor(services, request), idOf(request), objectBody(request.body)),
  );
  app.delete<WithId>('/api/overlays/:id/', async (request, reply) => {
    await overlays.remove(await requireActor(services, request), idOf(request));
    return reply.status(204).send();
  });
}
